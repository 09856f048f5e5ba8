// Starts the real server for the browser journeys: the built server, brand apps and
// staff console (built here when missing, before any journey runs), fresh temporary
// data and the e2e ports (server-env.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_API_PORT, E2E_BRAND_PORTS } from './ports.mjs';
import { serverEnv } from './server-env.mjs';
import { supportedNode } from '@cc/node-lts';

const root = new URL('../..', import.meta.url).pathname;

/** @type {[name: string, output: string][]} */
const builds = [
  ['@cc/server', 'apps/server/dist/server.js'],
  ['@cc/app-uk', 'apps/uk/dist/index.html'],
  ['@cc/app-us-promo', 'apps/us-promo/dist/index.html'],
  ['@cc/app-us-discount', 'apps/us-discount/dist/index.html'],
  ['@cc/review', 'apps/review/dist/index.html'],
];
for (const [name, output] of builds) {
  if (existsSync(join(root, output))) continue;
  console.log(`e2e: building ${name}`);
  const run = spawnSync('pnpm', ['--filter', name, 'run', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'cc-e2e-'));
const origin = (/** @type {number} */ port) => `http://localhost:${port}`;
const child = spawn(supportedNode(), ['--enable-source-maps', 'apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...serverEnv({
      apiPort: E2E_API_PORT,
      origins: {
        7: origin(E2E_BRAND_PORTS.uk),
        8: origin(E2E_BRAND_PORTS['us-promo']),
        10: origin(E2E_BRAND_PORTS['us-discount']),
      },
      dataDir,
    }),
  },
});

/** @param {NodeJS.Signals} signal */
function stop(signal) {
  child.kill(signal);
}
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => stop(signal));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
