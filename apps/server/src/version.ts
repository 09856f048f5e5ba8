import { readFileSync } from 'node:fs';

function readVersion(file: URL): string {
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string') throw new Error(`${file.pathname} has no version`);
  return version;
}

/**
 * The server's version (the OpenAPI info.version): apps/server/package.json's,
 * read at start. The file is one folder up from src/ (tsx, vitest) and from dist/
 * (the esbuild bundle, which keeps import.meta.url as the bundle's own address), so
 * one relative URL serves both.
 */
export const APP_VERSION: string = readVersion(new URL('../package.json', import.meta.url));
