// `npm test`: every test of the repo in one go, on a fresh machine too.
// 1. pnpm, dependencies, Chromium and faketime are installed when missing;
// 2. the apps are built (brand builds, Storybook) so browser tests use real output,
//    every package is type-checked and linted, and so are the JavaScript programs and
//    configuration files outside the packages' sources and the journeys in e2e/ (the root
//    tsconfig.json and eslint.config.js); every path README.md and docs/ name must exist, the layers drawn in
//    docs/architecture.md must be the code's (scripts/draw-layers.mjs), every
//    file Prettier formats must be formatted (`pnpm format:check`; `pnpm format` formats), and
//    every dependency two packages install must take its version from the pnpm catalog; in
//    CI, a package changed without a changeset fails the run too (docs/releasing.md); a
//    failure of any of these fails the run;
// 3. `pnpm release` writes the release artifacts, then Vitest runs every package's and app's
//    project but the server's (unit, screen, Storybook stories in Chromium, the release artifacts
//    unpacked and started);
// 4. the server suite runs once, on PostgreSQL when it answers (else on PGlite, saying so), with
//    the machine's date a year ahead (libfaketime; TEST_DATE_SHIFT changes it), so nothing
//    depends on the real date or on the database's clock;
// 5. the cluster test starts three instances of the server artifact behind HAProxy, and the
//    compose test a whole site from the release's OCI images (deploy/compose.yaml, podman);
// 6. the visual check draws every Storybook story in every brand theme and compares each picture
//    with the accepted one in visual/stories/ (scripts/visual, docs/testing.md), beside the
//    compose test, which mostly waits on its containers;
// 7. Playwright runs the browser journeys in e2e/ against the real server.
// The server suite, the cluster and compose tests and the journeys run on the supported Node LTS
// (tooling/node-lts, from the npm registry) first on PATH, as the server runs in production; the
// build, the linters and the client projects run on the machine's Node.
// It ends with one plain line: "N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import {
  ensureChromium,
  ensureFaketime,
  ensurePnpm,
  ensurePromtool,
  installDependencies,
} from './bootstrap.mjs';
import { changesetCheck } from './changeset-check.mjs';

const root = new URL('..', import.meta.url).pathname;
const results = `${root}.test-results`;
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

ensurePnpm();
installDependencies();
ensureChromium();
ensureFaketime();
ensurePromtool();
// Installed above on a fresh machine, so imported only now.
const { NODE_LTS_VERSION, withNodeLtsOnPath } = await import('@cc/node-lts');

/**
 * Runs one step of the run in the foreground and returns its exit code.
 * @param {string} title
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env] added to this process's environment
 */
function step(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(`=== ${title}: exit ${run.status} in ${Math.round((Date.now() - started) / 1000)} s`);
  return run.status ?? 1;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
const broken = [];

if (step('build', 'pnpm', ['run', 'build']) !== 0) broken.push('build');
if (step('typecheck and lint', 'pnpm', ['exec', 'turbo', 'run', 'typecheck', 'lint']) !== 0)
  broken.push('typecheck and lint');
if (step('typecheck scripts and journeys', 'pnpm', ['run', 'typecheck:scripts']) !== 0)
  broken.push('typecheck scripts and journeys');
if (step('lint scripts', 'pnpm', ['run', 'lint:scripts']) !== 0) broken.push('lint scripts');
if (step('document paths', 'node', ['scripts/check-doc-paths.mjs']) !== 0)
  broken.push('document paths');
if (step('layers drawn', 'node', ['scripts/draw-layers.mjs', '--check']) !== 0)
  broken.push('layers drawn');
if (step('format', 'pnpm', ['run', 'format:check']) !== 0) broken.push('format');
if (step('catalog', 'node', ['scripts/check-catalog.mjs']) !== 0) broken.push('catalog');
const changesets = changesetCheck(root);
if ('skip' in changesets) console.log(`\n=== changesets: not checked, ${changesets.skip}`);
else if (step('changesets', 'pnpm', changesets.args) !== 0) broken.push('changesets');
if (step('release', 'pnpm', ['run', 'release', '--no-build']) !== 0) broken.push('release');

/**
 * Runs Vitest with `args` (through `wrapper` when given), adds its JSON report (`report`.json)
 * to the totals and lists its failed tests under `title`.
 * @param {{ title: string, report: string, args?: string[], wrapper?: string[], env?: NodeJS.ProcessEnv }} options
 */
function vitest({ title, report: name, args = [], wrapper = [], env = {} }) {
  const json = `${results}/${name}.json`;
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${json}`];
  const vitest = `${root}node_modules/.bin/vitest`;
  const [command = vitest, ...rest] = [...wrapper, vitest, 'run', ...args, ...reporters];
  const exit = step(title, command, rest, env);
  if (!existsSync(json)) {
    if (exit !== 0) broken.push(title);
    return;
  }
  const report = JSON.parse(readFileSync(json, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'failed')
        console.log(`FAILED [${title}] ${file.name.replace(root, '')} > ${test.fullName}`);
    }
  }
  if (exit !== 0 && report.numFailedTests === 0) broken.push(title);
}

// Tests run on the supported Node LTS: `node` on their PATH is the bundled one.
const onNodeLts = (env = {}) => ({ ...withNodeLtsOnPath(), ...env });
console.log(
  `\n=== tests run on Node.js ${NODE_LTS_VERSION} (tooling/node-lts); the build ran on ${process.version}`,
);

// Every project but the server's, once, on the machine's Node: the screen tests' jsdom File is
// not the File that Node 24's fetch accepts in FormData (an upload handler's formData() fails an
// assertion in undici there), and these projects start no server (the release artifact's test
// starts it on the supported Node itself).
vitest({ title: 'vitest', report: 'vitest', args: ['--project', '!server'] });

// The server suite once, with the machine's date a year ahead: Node sees the shifted date
// (libfaketime) while a PostgreSQL server keeps the real one, so a time taken from the database
// instead of the app's clock, or a test that assumes today's date, fails. It runs on PostgreSQL
// (TEST_DATABASES, apps/server/test/helpers.ts); without a server it runs on PGlite and says so
// (PGlite, inside the shifted process, cannot tell the two clocks apart). The journeys below run
// the server on PGlite, the embedded database of `npm start`. Monotonic clocks stay real so
// timers keep their length.
const shift = process.env.TEST_DATE_SHIFT ?? '+365d';
vitest({
  title: `server, date ${shift}`,
  report: 'vitest-server',
  args: ['--project', 'server'],
  wrapper: ['faketime', '-m', '-f', shift],
  env: onNodeLts({ FAKETIME_DONT_FAKE_MONOTONIC: '1', TEST_DATABASES: 'postgres' }),
});

// The cluster: three instances of the server artifact behind HAProxy, on a PostgreSQL and a
// Redis of their own (tools/cluster-test, docs/operations.md); it prints its figures.
vitest({
  title: 'cluster',
  report: 'vitest-cluster',
  args: ['--config', 'tools/cluster-test/vitest.config.ts'],
  env: onNodeLts(),
});

// Every story in every brand theme against its accepted picture (`pnpm visual`), drawn while the
// compose test below waits on its containers; its output goes to a log printed when it is done.
const visual = visualCheck();

// The site from the release's OCI images: deploy/compose.yaml on podman (PostgreSQL, Redis, a
// mail sink, two server instances, HAProxy; tools/compose-test, docs/operations.md); it prints its figures.
vitest({
  title: 'compose',
  report: 'vitest-compose',
  args: ['--config', 'tools/compose-test/vitest.config.ts'],
  env: onNodeLts(),
});

await visual;

if (existsSync(`${root}playwright.config.ts`)) {
  const playwrightJson = `${results}/playwright.json`;
  const playwrightExit = step(
    'playwright',
    `${root}node_modules/.bin/playwright`,
    ['test'],
    onNodeLts({
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    }),
  );
  if (existsSync(playwrightJson)) {
    const report = JSON.parse(readFileSync(playwrightJson, 'utf8'));
    const { stats } = report;
    for (const title of flakyJourneys(report))
      console.log(`FLAKY [playwright] ${title} (passed on its retry)`);
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (playwrightExit !== 0 && stats.unexpected === 0) broken.push('playwright');
  } else if (playwrightExit !== 0) broken.push('playwright');
}

/**
 * Starts the visual check of the stories and resolves when it has ended, with its log printed
 * and its pictures added to the totals (one passed per picture as accepted, one failed per
 * picture changed, new, gone or not drawn: test-results/visual/index.html shows them).
 */
function visualCheck() {
  const title = 'visual check of the stories';
  const summary = `${root}test-results/visual/summary.json`;
  const log = `${results}/visual-check.log`;
  rmSync(summary, { force: true });
  console.log(
    `\n=== ${title}: node scripts/visual/stories.mjs (beside the next step; its output in ${log.replace(root, '')})`,
  );
  const started = Date.now();
  // Straight to a file: the steps beside it block this process's event loop.
  const output = openSync(log, 'w');
  const child = spawn('node', ['scripts/visual/stories.mjs'], {
    cwd: root,
    stdio: ['ignore', output, output],
  });
  return new Promise((done) => {
    child.on('close', (code) => {
      closeSync(output);
      console.log(`\n=== ${title}: output`);
      console.log(readFileSync(log, 'utf8').trimEnd());
      console.log(`=== ${title}: exit ${code} in ${Math.round((Date.now() - started) / 1000)} s`);
      if (existsSync(summary)) {
        const { passed, failed } = JSON.parse(readFileSync(summary, 'utf8'));
        totals.passed += passed;
        totals.failed += failed;
        if (failed > 0)
          console.log(`FAILED [${title}] ${failed} pictures: test-results/visual/index.html`);
        if (code !== 0 && failed === 0) broken.push(title);
      } else if (code !== 0) broken.push(title);
      done(undefined);
    });
  });
}

/**
 * @typedef {{ specs?: { file: string, title: string, tests: { status: string }[] }[], suites?: PlaywrightSuite[] }} PlaywrightSuite
 *   A suite of Playwright's JSON report, as far as this script reads it.
 */

/**
 * The journeys that failed and then passed on their retry, as "file > title".
 * @param {{ suites?: PlaywrightSuite[] }} report
 */
function flakyJourneys(report) {
  /** @type {string[]} */
  const titles = [];
  /** @param {PlaywrightSuite} suite */
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((test) => test.status === 'flaky'))
        titles.push(`${spec.file} > ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return titles;
}

if (broken.length > 0) console.log(`\nSteps that failed outside any test: ${broken.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || broken.length > 0 || totals.passed === 0 ? 1 : 0);
