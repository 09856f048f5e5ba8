import type { ThemeClasses } from '@cc/config';
import type { ComponentProps, ReactNode } from 'react';
import { Spinner } from '../spinner';
import { buttonClasses, cx } from '../theme/class-names';
import type { ButtonVariant } from '../theme/class-names';
import { useTheme } from '../theme/theme-context';

export type SubmitButtonProps = Omit<ComponentProps<'button'>, 'type'> & {
  children: ReactNode;
  /** While the form submits (Formik's `isSubmitting`): disabled, with a spinner. */
  isLoading?: boolean;
  /** Text shown while loading; the children stay when absent. */
  loadingText?: ReactNode;
  variant?: ButtonVariant;
  isFullWidth?: boolean;
  theme?: Partial<ThemeClasses>;
};

/** The submit button of a form, in the brand's colours. */
export function SubmitButton({
  children,
  isLoading = false,
  loadingText,
  variant,
  isFullWidth,
  disabled,
  theme,
  className,
  ...rest
}: SubmitButtonProps) {
  const resolved = useTheme(theme);
  return (
    <button
      type="submit"
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={cx(buttonClasses(resolved, { variant, isFullWidth }), className)}
      {...rest}
    >
      {isLoading && <Spinner size="sm" isDecorative />}
      {isLoading && loadingText != null ? loadingText : children}
    </button>
  );
}
