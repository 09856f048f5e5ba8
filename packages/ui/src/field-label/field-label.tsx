import type { LabelHTMLAttributes, ReactNode } from 'react';
import { cx } from '../theme/class-names';

export type FieldLabelProps = LabelHTMLAttributes<HTMLLabelElement> & {
  /** The id of the input this label names. */
  htmlFor: string;
  children: ReactNode;
  /** Adds a visual asterisk; the input itself carries `required` for assistive tech. */
  isRequired?: boolean;
  /** Keeps the label for screen readers only. */
  isHidden?: boolean;
};

/** The label above a form field. */
export function FieldLabel({
  htmlFor,
  children,
  isRequired = false,
  isHidden = false,
  className,
  ...rest
}: FieldLabelProps) {
  return (
    <label
      htmlFor={htmlFor}
      className={cx(
        isHidden ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-800',
        className,
      )}
      {...rest}
    >
      {children}
      {isRequired && (
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      )}
    </label>
  );
}
