import type { ThemeClasses } from '@cc/config';
import clsx from 'clsx';

export { clsx as cx };

/** The focus ring every interactive element shows, in the brand's colour. */
export function focusRing(theme: Required<ThemeClasses>): string {
  return clsx('focus-visible:outline-2 focus-visible:outline-offset-2', theme.focusVisibleColor);
}

/** primary: the brand's colour; secondary: outlined; danger: red, for an action that destroys or ends something. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger';

/** Classes for a button (or a link styled as one) in the brand's colours. */
export function buttonClasses(
  theme: Required<ThemeClasses>,
  {
    variant = 'primary',
    isFullWidth = false,
  }: { variant?: ButtonVariant; isFullWidth?: boolean } = {},
): string {
  return clsx(
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold uppercase tracking-wide transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
    focusRing(theme),
    variant === 'primary' && ['text-white', theme.primaryColor, theme.hoverColor],
    variant === 'secondary' && [
      'border border-current bg-white hover:bg-slate-50',
      theme.textColor,
    ],
    // red-700 under white text: 6.5:1, like the field errors' red.
    variant === 'danger' && 'bg-red-700 text-white hover:bg-red-800',
    isFullWidth && 'w-full',
  );
}

/** Classes for a text field's box; `hasError` turns the border red. */
export function fieldClasses(theme: Required<ThemeClasses>, hasError: boolean): string {
  return clsx(
    'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500',
    'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600',
    focusRing(theme),
    hasError ? 'border-red-700' : 'border-slate-400',
  );
}

/** Classes for a text link in the brand's colour (e.g. a coupon card's Edit link). */
export function linkClasses(theme: Required<ThemeClasses>): string {
  return clsx(
    'rounded-sm font-semibold underline underline-offset-2',
    theme.textColor,
    theme.hoverTextColor,
    focusRing(theme),
  );
}
