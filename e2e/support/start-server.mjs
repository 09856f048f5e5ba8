// Starts the real server for the browser journeys: the built server and brand apps
// (built here when missing), fresh temporary data, the e2e ports, and a generous
// auth rate limit so the journeys' many logins are not throttled.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_API_PORT, E2E_BRAND_PORTS } from './ports.mjs';

const root = new URL('../..', import.meta.url).pathname;

const builds = [
  ['@cc/server', 'apps/server/dist/server.js'],
  ['@cc/app-uk', 'apps/uk/dist/index.html'],
  ['@cc/app-us-promo', 'apps/us-promo/dist/index.html'],
  ['@cc/app-us-discount', 'apps/us-discount/dist/index.html'],
];
for (const [name, output] of builds) {
  if (existsSync(join(root, output))) continue;
  console.log(`e2e: building ${name}`);
  const run = spawnSync('pnpm', ['--filter', name, 'run', 'build'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'cc-e2e-'));
const origin = (port) => `http://localhost:${port}`;
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(E2E_API_PORT),
    PORT_UK: String(E2E_BRAND_PORTS.uk),
    PORT_US_PROMO: String(E2E_BRAND_PORTS['us-promo']),
    PORT_US_DISCOUNT: String(E2E_BRAND_PORTS['us-discount']),
    ORIGIN_UK: origin(E2E_BRAND_PORTS.uk),
    ORIGIN_US_PROMO: origin(E2E_BRAND_PORTS['us-promo']),
    ORIGIN_US_DISCOUNT: origin(E2E_BRAND_PORTS['us-discount']),
    RATE_LIMIT_AUTH_MAX: '10000',
    SMTP_URL: '',
    BILLING_PROVIDER: 'local',
  },
});

function stop(signal) {
  child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
