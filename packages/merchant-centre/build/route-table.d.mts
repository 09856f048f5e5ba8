export type BuildRoute = { path: string; module: string | null; isMerchant: boolean };
export const ROUTE_TABLE_MODULE: string;
export const ROUTE_MODULES_FILE: string;
export function buildRoutes(
  table: readonly { path: string; screen: string; access: string; prerendered?: boolean }[],
): BuildRoute[];
export function loadRoutes(): Promise<BuildRoute[]>;
export function routeModulesJson(routes: readonly BuildRoute[]): string;
