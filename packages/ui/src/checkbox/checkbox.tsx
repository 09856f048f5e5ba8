import type { ThemeClasses } from '@cc/config';
import type { ComponentProps, ReactNode } from 'react';
import { FieldError, describedBy, useFieldIds } from '../internal/field';
import { cx, focusRing } from '../theme/class-names';
import { useTheme } from '../theme/theme-context';

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'size'> & {
  label: ReactNode;
  error?: ReactNode;
  theme?: Partial<ThemeClasses>;
};

/** A labelled checkbox, controlled through `checked` and `onChange`. */
export function Checkbox({ label, error, theme, id, name, className, ...rest }: CheckboxProps) {
  const resolved = useTheme(theme);
  const { inputId, errorId } = useFieldIds(id, name);
  const hasError = Boolean(error);
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          id={inputId}
          name={name}
          type="checkbox"
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy(hasError && errorId)}
          className={cx(
            'size-4 shrink-0 cursor-pointer rounded border-slate-500 accent-current disabled:cursor-not-allowed',
            resolved.textColor,
            focusRing(resolved),
          )}
          {...rest}
        />
        <label
          htmlFor={inputId}
          className={cx('text-sm text-slate-800', rest.disabled && 'text-slate-600')}
        >
          {label}
        </label>
      </div>
      {hasError && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
