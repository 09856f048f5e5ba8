// @vitest-environment node
import { readFileSync } from 'node:fs';
import { CLIENTS } from '@cc/config';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');

function themeColour(name: string): string | undefined {
  return new RegExp(`--color-${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Colours the config's theme class names refer to, e.g. 'uk-primary-dark'. */
function coloursUsedBy(theme: Record<string, string | undefined>): string[] {
  return Object.values(theme)
    .filter((value): value is string => Boolean(value))
    .map((value) => value.replace(/^.*:/, '').replace(/^(bg|text|outline|border)-/, ''));
}

describe.each(Object.values(CLIENTS))('brand colours of $appName', (client) => {
  const prefix = client.theme.primaryColor.replace(/^bg-/, '').replace(/-primary$/, '');

  it('defines in styles.css every colour its theme class names use', () => {
    for (const colour of coloursUsedBy(client.theme))
      expect(themeColour(colour), colour).toBeDefined();
  });

  it('takes primary, primary-dark and surface from the client palette', () => {
    expect(themeColour(`${prefix}-primary`)).toBe(client.palette.primary);
    expect(themeColour(`${prefix}-primary-dark`)).toBe(client.palette.primaryDark);
    expect(themeColour(`${prefix}-surface`)).toBe(client.palette.surface);
  });

  it('passes WCAG AA (4.5:1) for button text, hover and brand text on white and surface', () => {
    const { primary, primaryDark, surface, onPrimary } = client.palette;
    expect(contrast(onPrimary, primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(onPrimary, primaryDark)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(primary, surface)).toBeGreaterThanOrEqual(4.5);
  });
});
