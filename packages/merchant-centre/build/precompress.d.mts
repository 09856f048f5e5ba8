import type { Plugin } from 'vite';

export function precompressFolder(folder: string): void;
export function precompress(): Plugin;
