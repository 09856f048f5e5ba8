// Makes a fresh machine ready: the pinned pnpm (installed through npm) and the
// workspace's dependencies from the lockfile. Used by `npm start` and `npm test`.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
// The exact pnpm is pinned by package.json `packageManager` (turbo reads it too).
const { packageManager } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const wanted = packageManager.split('@')[1];

/**
 * @param {string} command
 * @param {import('node:child_process').ExecSyncOptions} [options]
 */
function run(command, options = {}) {
  execSync(command, { stdio: 'inherit', cwd: root, ...options });
}

export function ensurePnpm() {
  let current;
  try {
    current = execSync('pnpm --version', {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    current = '';
  }
  if (current !== wanted) {
    console.log(`Installing pnpm ${wanted} through npm (found ${current || 'none'})`);
    run(`npm install --global --no-fund --no-audit pnpm@${wanted}`);
  }
}

export function installDependencies() {
  const frozen = process.env.CI ? '--frozen-lockfile' : '--prefer-offline';
  run(`pnpm install ${frozen}`);
}

/** Debian's Chromium drives the browser tests; install it when missing. */
export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  console.log('Installing Chromium from Debian packages');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  run(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
  );
}

/** Debian's faketime runs the server suite with the machine's date shifted (npm test); install it when missing. */
export function ensureFaketime() {
  if (existsSync('/usr/bin/faketime')) return;
  console.log('Installing faketime from Debian packages');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  run(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime`,
  );
}

/** Debian's prometheus package brings promtool, which unit-tests the shipped alert rules (npm test). */
export function ensurePromtool() {
  if (existsSync('/usr/bin/promtool')) return;
  console.log('Installing promtool (prometheus) from Debian packages');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  run(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensurePnpm();
  installDependencies();
}
