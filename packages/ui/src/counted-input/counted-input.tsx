import { COUNTED_INPUT_DEFAULT_LIMIT } from '@cc/config';
import type { ThemeClasses } from '@cc/config';
import type { ChangeEvent, ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldLabel } from '../field-label';
import { FieldError, describedBy, useFieldIds } from '../internal/field';
import { cx, fieldClasses } from '../theme/class-names';
import { useTheme } from '../theme/theme-context';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * Attributes that mean the same on a one-line input and a text area (name,
 * placeholder, required, disabled, onBlur, aria-*, ...), typed for either element
 * so that one set of props fits both.
 */
type FieldAttributes = Omit<
  TextareaHTMLAttributes<FieldElement>,
  | 'cols'
  | 'rows'
  | 'wrap'
  | 'maxLength'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'children'
  | 'dangerouslySetInnerHTML'
>;

export type CountedInputProps = FieldAttributes & {
  label: ReactNode;
  /** Most characters accepted; the counter counts down from it. */
  limit?: number;
  error?: ReactNode;
  theme?: Partial<ThemeClasses>;
  value: string;
  onChange?: (event: ChangeEvent<FieldElement>) => void;
  /** A text area instead of a one-line input. */
  isMultiline?: boolean;
  /** Visible lines of the text area; 3 by default. */
  rows?: number;
};

export function charactersLeftText(left: number): string {
  return `${left} ${left === 1 ? 'character' : 'characters'} left`;
}

/**
 * A text input (or, with `isMultiline`, a text area) with a characters-left
 * counter that screen readers announce politely. Input stops at `limit`.
 */
export function CountedInput({
  label,
  limit = COUNTED_INPUT_DEFAULT_LIMIT,
  error,
  theme,
  isMultiline = false,
  rows = 3,
  id,
  name,
  className,
  value,
  onChange,
  ...rest
}: CountedInputProps) {
  const resolved = useTheme(theme);
  const { inputId, errorId, hintId } = useFieldIds(id, name);
  const hasError = Boolean(error);
  const left = Math.max(0, limit - value.length);
  const fieldProps = {
    ...rest,
    id: inputId,
    name,
    value,
    maxLength: limit,
    'aria-invalid': hasError || undefined,
    'aria-describedby': describedBy(hasError && errorId, hintId),
    className: fieldClasses(resolved, hasError),
    onChange: (event: ChangeEvent<FieldElement>) => {
      if (event.target.value.length <= limit) onChange?.(event);
    },
  };
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} isRequired={rest.required}>
        {label}
      </FieldLabel>
      {isMultiline ? (
        <textarea rows={rows} {...fieldProps} />
      ) : (
        <input type="text" {...fieldProps} />
      )}
      <div className="mt-1 flex items-start justify-between gap-3">
        {hasError ? <FieldError id={errorId}>{error}</FieldError> : <span />}
        <p
          id={hintId}
          aria-live="polite"
          className={cx('mt-1 shrink-0 text-sm', left === 0 ? 'text-red-700' : 'text-slate-600')}
        >
          {charactersLeftText(left)}
        </p>
      </div>
    </div>
  );
}
