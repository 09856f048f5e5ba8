export { NEUTRAL_THEME, ThemeProvider, useTheme } from './theme-context';
export type { ThemeProviderProps } from './theme-context';
export { buttonClasses, fieldClasses, focusRing, linkClasses } from './class-names';
export type { ButtonVariant } from './class-names';
export type { ThemeClasses } from '@cc/config';
