import type { Plugin } from 'vite';
import type { BuildRoute } from './route-table.mjs';

export const REPORT_FILE: string;
export const BLOCK_START: string;
export const BLOCK_END: string;
export const LANDING_BUDGET_KB: number;
export const ROUTE_BUDGET_KB: number;
export const APP_MODULE: string;
export const LANDING_MODULE: string;
export const API_MODULE: string;
export function replaceSection(text: string, name: string, content: string): string;
export function writeSection(name: string, content: string): void;
export function bundleReport(options: {
  brand: string;
  title: string;
  routes: BuildRoute[];
}): Plugin;
export function writeReportsToDocs(): string[];
export function appChunkFiles(bundle: Record<string, unknown>): string[];
export function routePreloadScript(bundle: Record<string, unknown>, routes: BuildRoute[]): string;
export function routeHintsScript(
  routes: [route: string, files: string[], isMerchantScreen: boolean][],
): string;
