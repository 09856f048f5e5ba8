import type { ThemeClasses } from '@cc/config';
import type { ComponentProps, ReactNode } from 'react';
import { FieldLabel } from '../field-label';
import { FieldError, FieldHint, describedBy, useFieldIds } from '../internal/field';
import { fieldClasses } from '../theme/class-names';
import { useTheme } from '../theme/theme-context';

export type TextInputProps = Omit<ComponentProps<'input'>, 'size'> & {
  label: ReactNode;
  /** Shown under the field; marks the input invalid and describes it. */
  error?: ReactNode;
  hint?: ReactNode;
  isLabelHidden?: boolean;
  theme?: Partial<ThemeClasses>;
};

/**
 * A labelled text input. Controlled like a plain input (name, value, onChange,
 * onBlur), so Formik's `getFieldProps(name)` can be spread onto it.
 */
export function TextInput({
  label,
  error,
  hint,
  isLabelHidden,
  theme,
  id,
  name,
  className,
  type = 'text',
  ...rest
}: TextInputProps) {
  const resolved = useTheme(theme);
  const { inputId, errorId, hintId } = useFieldIds(id, name);
  const hasError = Boolean(error);
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} isRequired={rest.required} isHidden={isLabelHidden}>
        {label}
      </FieldLabel>
      <input
        id={inputId}
        name={name}
        type={type}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(hasError && errorId, hint != null && hintId)}
        className={fieldClasses(resolved, hasError)}
        {...rest}
      />
      {hint != null && <FieldHint id={hintId}>{hint}</FieldHint>}
      {hasError && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
