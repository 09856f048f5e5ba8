import type { ThemeClasses } from '@cc/config';

/** Joins class names, skipping empty ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** A link styled as the brand's primary button. */
export function primaryLinkClasses(theme: Required<ThemeClasses>): string {
  return cx(
    'inline-flex min-h-10 items-center justify-center rounded-md px-4 py-2 text-sm font-semibold uppercase tracking-wide text-white transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2',
    theme.primaryColor,
    theme.hoverColor,
    theme.focusVisibleColor,
  );
}
