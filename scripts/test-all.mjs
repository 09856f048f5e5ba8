// `npm test`: every test of the repo in one go, on a fresh machine too.
// 1. pnpm, dependencies and Chromium are installed when missing;
// 2. the apps are built (brand builds, Storybook) so browser tests use real output,
//    and every package is type-checked and linted (a failure fails the run);
// 3. Vitest runs every package's and app's project (unit, screen, server integration
//    on PGlite and, when reachable, on PostgreSQL, Storybook stories in Chromium);
// 4. Playwright runs the browser journeys in e2e/ against the real server.
// It ends with one plain line: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium, ensurePnpm, installDependencies } from './bootstrap.mjs';

const root = new URL('..', import.meta.url).pathname;
const results = `${root}.test-results`;
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

ensurePnpm();
installDependencies();
ensureChromium();

function step(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: exit ${run.status} in ${Math.round((Date.now() - started) / 1000)} s`);
  return run.status ?? 1;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = [];

if (step('build', 'pnpm', ['run', 'build']) !== 0) broken.push('build');
if (step('typecheck and lint', 'pnpm', ['exec', 'turbo', 'run', 'typecheck', 'lint']) !== 0) broken.push('typecheck and lint');

const vitestJson = `${results}/vitest.json`;
const vitestExit = step('vitest', `${root}node_modules/.bin/vitest`, [
  'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (vitestExit !== 0 && report.numFailedTests === 0) broken.push('vitest');
} else if (vitestExit !== 0) broken.push('vitest');

if (existsSync(`${root}playwright.config.ts`)) {
  const playwrightJson = `${results}/playwright.json`;
  const playwrightExit = step('playwright', `${root}node_modules/.bin/playwright`, ['test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  if (existsSync(playwrightJson)) {
    const { stats } = JSON.parse(readFileSync(playwrightJson, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (playwrightExit !== 0 && stats.unexpected === 0) broken.push('playwright');
  } else if (playwrightExit !== 0) broken.push('playwright');
}

if (broken.length > 0) console.log(`\nSteps that failed outside any test: ${broken.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || broken.length > 0 || totals.passed === 0 ? 1 : 0);
