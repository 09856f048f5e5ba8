import type { ThemeClasses } from '@cc/config';
import { useEffect, useRef, useState } from 'react';
import type { ComponentProps, MouseEvent, ReactNode } from 'react';
import { Spinner } from '../spinner';
import { buttonClasses, cx } from '../theme/class-names';
import type { ButtonVariant } from '../theme/class-names';
import { useTheme } from '../theme/theme-context';

export type LoadingButtonProps = Omit<ComponentProps<'button'>, 'onClick'> & {
  children: ReactNode;
  /** May return a promise: the button is disabled with a spinner until it settles. */
  onClick: (event: MouseEvent<HTMLButtonElement>) => unknown;
  /** Text shown while the handler runs, e.g. 'Please wait...'. */
  loadingText?: ReactNode;
  /** Forces the loading state from outside (e.g. a request already running). */
  isLoading?: boolean;
  variant?: ButtonVariant;
  isFullWidth?: boolean;
  theme?: Partial<ThemeClasses>;
};

/**
 * A button that runs an async handler: disabled with a spinner while it runs. A
 * handler that throws or rejects is logged with console.error and the button
 * becomes usable again.
 */
export function LoadingButton({
  children,
  onClick,
  loadingText,
  isLoading: isLoadingProp = false,
  variant,
  isFullWidth,
  disabled,
  theme,
  className,
  type = 'button',
  ...rest
}: LoadingButtonProps) {
  const resolved = useTheme(theme);
  const [isRunning, setIsRunning] = useState(false);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  async function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (isRunning) return;
    setIsRunning(true);
    try {
      await onClick(event);
    } catch (error) {
      console.error(error);
    } finally {
      if (isMounted.current) setIsRunning(false);
    }
  }

  const isLoading = isRunning || isLoadingProp;
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      data-variant={variant ?? 'primary'}
      onClick={(event) => void handleClick(event)}
      className={cx(buttonClasses(resolved, { variant, isFullWidth }), className)}
      {...rest}
    >
      {isLoading && <Spinner size="sm" isDecorative />}
      {isLoading && loadingText != null ? loadingText : children}
    </button>
  );
}
