// Bundles the server for production into dist/. Workspace packages (@cc/*) export
// TypeScript source, so they are bundled in (and are devDependencies: the release
// artifact, `pnpm deploy --prod`, does not install them); npm dependencies (native or
// wasm: sharp, argon2, pglite) stay external and load from node_modules.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@cc/'));

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { server: 'src/server.ts', seed: 'src/cli/seed.ts', 'create-staff': 'src/cli/create-staff.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('apps/server: built dist/server.js, dist/seed.js, dist/create-staff.js');
