export { NEUTRAL_THEME, ThemeProvider, useTheme } from './theme-context';
export type { ThemeProviderProps } from './theme-context';
export type { ThemeClasses } from '@cc/config';
