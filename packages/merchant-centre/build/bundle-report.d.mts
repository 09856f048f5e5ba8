import type { Plugin } from 'vite';

export const REPORT_FILE: string;
export const BLOCK_START: string;
export const BLOCK_END: string;
export const LANDING_BUDGET_KB: number;
export function replaceSection(text: string, name: string, content: string): string;
export function writeSection(name: string, content: string): void;
export function bundleReport(options: { brand: string; title: string }): Plugin;
export function writeReportsToDocs(): string[];
