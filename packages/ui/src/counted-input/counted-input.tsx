import { COUNTED_INPUT_DEFAULT_LIMIT } from '@cc/config';
import type { ThemeClasses } from '@cc/config';
import type { ChangeEvent, ComponentProps, ReactNode } from 'react';
import { FieldLabel } from '../field-label';
import { FieldError, describedBy, useFieldIds } from '../internal/field';
import { cx, fieldClasses } from '../theme/class-names';
import { useTheme } from '../theme/theme-context';

type SharedProps = {
  label: ReactNode;
  /** Most characters accepted; the counter counts down from it. */
  limit?: number;
  error?: ReactNode;
  theme?: Partial<ThemeClasses>;
  value: string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

export type CountedInputProps =
  | (SharedProps & { isMultiline?: false } & Omit<
        ComponentProps<'input'>,
        'value' | 'size' | 'maxLength' | 'onChange'
      >)
  | (SharedProps & { isMultiline: true } & Omit<
        ComponentProps<'textarea'>,
        'value' | 'maxLength' | 'onChange'
      >);

export function charactersLeftText(left: number): string {
  return `${left} ${left === 1 ? 'character' : 'characters'} left`;
}

/**
 * A text input (or, with `isMultiline`, a text area) with a characters-left
 * counter that screen readers announce politely. Input stops at `limit`.
 */
export function CountedInput(props: CountedInputProps) {
  const {
    label,
    limit = COUNTED_INPUT_DEFAULT_LIMIT,
    error,
    theme,
    id,
    name,
    className,
    value,
  } = props;
  const resolved = useTheme(theme);
  const { inputId, errorId, hintId } = useFieldIds(id, name);
  const hasError = Boolean(error);
  const left = Math.max(0, limit - value.length);
  const shared = {
    id: inputId,
    name,
    maxLength: limit,
    'aria-invalid': hasError || undefined,
    'aria-describedby': describedBy(hasError && errorId, hintId),
    className: fieldClasses(resolved, hasError),
  };
  let field: ReactNode;
  if (props.isMultiline) {
    const {
      label: _l,
      limit: _m,
      error: _e,
      theme: _t,
      isMultiline: _i,
      className: _c,
      onChange,
      ...rest
    } = props;
    field = (
      <textarea
        rows={3}
        {...rest}
        {...shared}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
          if (event.target.value.length <= limit) onChange?.(event);
        }}
      />
    );
  } else {
    const {
      label: _l,
      limit: _m,
      error: _e,
      theme: _t,
      isMultiline: _i,
      className: _c,
      onChange,
      ...rest
    } = props;
    field = (
      <input
        type="text"
        {...rest}
        {...shared}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          if (event.target.value.length <= limit) onChange?.(event);
        }}
      />
    );
  }
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} isRequired={props.required}>
        {label}
      </FieldLabel>
      {field}
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
