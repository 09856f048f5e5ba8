import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ROOT } from './static-files';

function readVersion(file: string): string {
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string') throw new Error(`${file} has no version`);
  return version;
}

/**
 * The server's version (the OpenAPI info.version): apps/server/package.json's,
 * read at start from the server's root, whether running from src/ or dist/.
 */
export const APP_VERSION: string = readVersion(join(SERVER_ROOT, 'package.json'));
