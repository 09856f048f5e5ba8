// `npm start`: installs what is missing, builds everything, then starts the server:
// migrations and the demo seed run at start, the API listens on :4000 and each brand
// on its own port (4007 UK, 4008 US promo, 4010 US discount). Data stays in
// apps/server/.data (PGlite) unless DATABASE_URL points at PostgreSQL.
import { spawn, spawnSync } from 'node:child_process';
import { ensurePnpm, installDependencies } from './bootstrap.mjs';
import { supportedNode } from '@cc/node-lts';

const root = new URL('..', import.meta.url).pathname;

ensurePnpm();
installDependencies();

const build = spawnSync('pnpm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.warn('\nThe full build failed; building the server alone so the API still starts.');
  const server = spawnSync('pnpm', ['--filter', '@cc/server', 'run', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (server.status !== 0) process.exit(server.status ?? 1);
}

const child = spawn(supportedNode(), ['--enable-source-maps', 'apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
