// The route table (src/lib/route-table.ts) as the build reads it: each screen's module and
// whether it needs a session, for the route hints, the bundle report and the bundle groups.
// Run as a script (`pnpm --filter @cc/merchant-centre routes:write`), it writes
// route-modules.json, the same routes for readers outside the build.
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

/** @typedef {{ path: string, module: string | null, isMerchant: boolean }} BuildRoute */

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const ROUTE_TABLE_MODULE = 'src/lib/route-table.ts';
export const ROUTE_MODULES_FILE = join(packageRoot, 'route-modules.json');

/**
 * Per route of the table, in its order: the path pattern, the screen's module from the
 * package's folder (null for the prerendered landing page, which the route hints leave
 * alone) and whether the screen is a merchant's (its chunks wait for a session).
 * @param {readonly { path: string, screen: string, access: string, prerendered?: boolean }[]} table
 * @returns {BuildRoute[]}
 */
export function buildRoutes(table) {
  return table.map((route) => ({
    path: route.path,
    module: route.prerendered ? null : `src/features/${route.screen}.tsx`,
    isMerchant: route.access === 'merchant',
  }));
}

/** The route table of the package, read through Vite (it is TypeScript). */
export async function loadRoutes() {
  const { module } = await runnerImport(join(packageRoot, ROUTE_TABLE_MODULE));
  return buildRoutes(module.ROUTES);
}

/**
 * route-modules.json's text: each path pattern and its screen's module (null: the landing page).
 * @param {readonly BuildRoute[]} routes
 */
export function routeModulesJson(routes) {
  return `${JSON.stringify(Object.fromEntries(routes.map((route) => [route.path, route.module])), null, 2)}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(ROUTE_MODULES_FILE, routeModulesJson(await loadRoutes()));
  console.log('route-modules.json written from the route table');
}
