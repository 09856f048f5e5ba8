// Bundles the server for production into dist/. Workspace packages (@cc/*) export
// TypeScript source, so they are bundled in (and are devDependencies: the release
// artifact, `pnpm deploy --prod`, does not install them); npm dependencies (native or
// wasm: sharp, argon2, pglite) stay external and load from node_modules.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const { dependencies } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
);
// React is bundled too, its production build chosen here: the built server renders with it
// whatever NODE_ENV says (the development build, which a start without NODE_ENV=production would
// pick at run time, renders a store page about 5x slower). The app reads NODE_ENV through
// loadEnv's `source.NODE_ENV`, which this define does not touch.
const BUNDLED = new Set(['react', 'react-dom']);
const external = Object.keys(dependencies).filter(
  (name) => !name.startsWith('@cc/') && !BUNDLED.has(name),
);

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/cli/seed.ts',
    'create-staff': 'src/cli/create-staff.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  define: { 'process.env.NODE_ENV': '"production"' },
  // React's CommonJS files require Node's built-ins, which an ES module bundle answers through this.
  banner: {
    js: "import { createRequire as __ccCreateRequire } from 'node:module'; const require = __ccCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log('apps/server: built dist/server.js, dist/seed.js, dist/create-staff.js');
