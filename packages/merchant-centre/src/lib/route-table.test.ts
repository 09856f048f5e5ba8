import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildRoutes, ROUTE_MODULES_FILE, routeModulesJson } from '../../build/route-table.mjs';
import { ROUTES } from './route-table';

const SCREEN_FILES = Object.keys(import.meta.glob('../features/*/routes/*-page.tsx'));

describe('the route table', () => {
  it('names every screen module once, and each exists', () => {
    const files = ROUTES.map((route) => `../features/${route.screen}.tsx`);
    expect(new Set(files).size).toBe(files.length);
    expect([...files].sort()).toEqual([...SCREEN_FILES].sort());
  });

  it('is what route-modules.json holds (pnpm --filter @cc/merchant-centre routes:write writes it)', () => {
    expect(readFileSync(ROUTE_MODULES_FILE, 'utf8')).toBe(routeModulesJson(buildRoutes(ROUTES)));
  });

  it('puts a fixed path before a pattern that would match it, as the route hints take the first match', () => {
    const paths = ROUTES.map((route) => route.path);
    for (const [index, path] of paths.entries()) {
      const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
      const shadowed = paths
        .slice(index + 1)
        .filter((later) => later !== path && pattern.test(later));
      expect(shadowed, `${path} comes before ${shadowed.join(', ')}`).toEqual([]);
    }
  });
});
