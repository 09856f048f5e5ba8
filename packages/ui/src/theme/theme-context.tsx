import type { ThemeClasses } from '@cc/config';
import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';

/**
 * Used when no brand theme is provided: neutral slate colours that pass WCAG AA
 * on white, so a component rendered outside a ThemeProvider is still usable.
 */
export const NEUTRAL_THEME: Required<ThemeClasses> = {
  primaryColor: 'bg-slate-800',
  outlineFocusColor: 'focus:outline-slate-800',
  bgColor: 'bg-slate-50',
  hoverColor: 'hover:bg-slate-900',
  focusVisibleColor: 'focus-visible:outline-slate-800',
  textColor: 'text-slate-800',
  hoverTextColor: 'hover:text-slate-900',
  infoBg: 'bg-sky-50',
};

const ThemeContext = createContext<Required<ThemeClasses>>(NEUTRAL_THEME);

export type ThemeProviderProps = {
  /** The client's theme class names (`clientConfig.theme`). */
  theme: ThemeClasses;
  children: ReactNode;
};

/** Makes a brand's theme class names available to every component below it. */
export function ThemeProvider({ theme, children }: ThemeProviderProps) {
  const value = useMemo(() => withDefaults(theme), [theme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

function withDefaults(theme: Partial<ThemeClasses>): Required<ThemeClasses> {
  const merged = { ...NEUTRAL_THEME };
  for (const key of Object.keys(theme) as (keyof ThemeClasses)[]) {
    const value = theme[key];
    if (value) merged[key] = value;
  }
  return merged;
}

/**
 * The theme in force: the nearest ThemeProvider's, with any class names given in
 * `override` (a component's `theme` prop) taking precedence.
 */
export function useTheme(override?: Partial<ThemeClasses>): Required<ThemeClasses> {
  const fromContext = useContext(ThemeContext);
  return useMemo(
    () => (override ? withDefaults({ ...fromContext, ...override }) : fromContext),
    [fromContext, override],
  );
}
