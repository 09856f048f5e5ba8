// Lighthouse (mobile settings) on every screen of every brand and on the staff review
// console, signed in where the screen needs it; medians of LIGHTHOUSE_RUNS runs (3) per
// screen into the Lighthouse part of docs/performance.md. Not part of the test suite:
// `pnpm lighthouse` builds the server and the apps, then runs this file, which starts its
// own server (fresh PGlite data, the demo seed, LIGHTHOUSE_API_PORT and the brands beside
// it) and one Chromium that Lighthouse drives through the page it signed in on.
// While developing: LIGHTHOUSE_RUNS=1, LIGHTHOUSE_BRANDS=uk, LIGHTHOUSE_SCREENS=/login,/coupons
// (a subset is printed, not written to the docs); LIGHTHOUSE_TRACES=1 also keeps each run's trace and network log.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { Secret, TOTP } from 'otpauth';
import puppeteer from 'puppeteer-core';
import { chromiumLaunchOptions } from '@cc/chromium';
import { writeSection } from '../packages/merchant-centre/build/bundle-report.mjs';
import { LIGHTHOUSE_API_PORT } from './support/ports.mjs';
import { serverEnv } from './support/server-env.mjs';
import { supportedNode } from '@cc/node-lts';

/**
 * @typedef {import('puppeteer-core').Page} Page
 * @typedef {{ client: 7 | 8 | 10, key: string, origin: string }} Brand
 * @typedef {{ email: string, url: string }} StorePage a brand's demo login and its store page
 * @typedef {{ label: string, scores: number[], lcp: number, tbt: number, cls: number, runs: number[], load: number, failing: string[] }} Row
 *   a screen's line in the table
 */

const LIGHTHOUSE_VERSION = '12.8.2';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const onlyBrands = process.env.LIGHTHOUSE_BRANDS?.split(',');
const onlyScreens = process.env.LIGHTHOUSE_SCREENS?.split(',');
const DEMO_PASSWORD = 'demo1234';
const STAFF = { email: 'staff@couponcenter.local', password: 'staff1234' };

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'cc-lighthouse-'));
const apiOrigin = `http://localhost:${LIGHTHOUSE_API_PORT}`;
/** @type {Brand[]} */
const brands = /** @type {const} */ ([
  [7, 'uk'],
  [8, 'us-promo'],
  [10, 'us-discount'],
]).map(([client, key]) => ({
  client,
  key,
  origin: `http://localhost:${LIGHTHOUSE_API_PORT + client}`,
}));

/** Starts the built server with the demo seed; answers each brand's name and demo login with its store page. */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-lighthouse-data-'));
  /** @type {Record<Brand['client'], string>} */
  const origins = { 7: '', 8: '', 10: '' };
  for (const brand of brands) origins[brand.client] = brand.origin;
  const child = spawn(supportedNode(), ['apps/server/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...serverEnv({ apiPort: LIGHTHOUSE_API_PORT, origins, dataDir }) },
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  const deadline = Date.now() + 120_000;
  // The start banner, printed once listening, lists each demo login and its store page.
  while (!log.includes('Demo logins:') || !log.trimEnd().endsWith('staff1234')) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  /** @type {Record<number, StorePage>} */
  const storePages = {};
  for (const [, client, email = '', url = ''] of log.matchAll(
    /client (\d+)\s+(\S+) \/ .*store (\S+)/g,
  )) {
    storePages[Number(client)] = { email, url };
  }
  /** @type {Record<number, string>} */
  const titles = {};
  for (const [, title = '', client] of log.matchAll(
    /^\s+(\S.*?)\s+http\S+\s+\(client (\d+), port/gm,
  ))
    titles[Number(client)] = title;
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', () => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve(undefined);
      });
      child.kill('SIGTERM');
    });
  return { storePages, titles, stop };
}

/**
 * Fills a sign-in form (email, password, submit) and waits until the form has gone.
 * @param {Page} page
 * @param {string} url
 * @param {{ email: string, password: string }} login
 */
async function signIn(page, url, { email, password }) {
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForFunction(() => !document.querySelector('input[type="password"]'), {
    timeout: 60_000,
  });
}

/**
 * One Lighthouse run; a run whose trace came out broken (runtimeError, e.g. NO_NAVSTART) is repeated, twice at most.
 * @param {Page} page
 * @param {string} url
 * @returns {Promise<import('lighthouse').RunnerResult>}
 */
async function runLighthouse(page, url, attempt = 1) {
  /** @type {import('lighthouse').Flags} */
  const flags = {
    onlyCategories: CATEGORIES,
    disableStorageReset: true,
    logLevel: 'error',
    output: 'json',
  };
  const result = await lighthouse(url, flags, undefined, page);
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  if (!result.lhr.runtimeError) return result;
  if (attempt > 2) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.code}`);
  console.warn(`${url}: ${result.lhr.runtimeError.code}, running again`);
  return runLighthouse(page, url, attempt + 1);
}

/** The machine's 1-minute load average. */
const loadNow = () => loadavg()[0] ?? Number.NaN;

const median = (/** @type {number[]} */ values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * A table row for what could not be measured, saying why.
 * @param {string} label
 * @param {string} reason
 * @returns {Row}
 */
function unmeasured(label, reason) {
  const none = { scores: [], lcp: Number.NaN, tbt: Number.NaN, cls: Number.NaN, runs: [] };
  return { label, ...none, load: loadNow(), failing: [`not measured: ${reason}`] };
}

/**
 * Lighthouse RUNS times on `url` in `page`, which keeps its cookies and storage (the
 * session) while the HTTP cache is emptied before each run; answers the table row.
 * @param {Page} page
 * @param {string} label
 * @param {string} url
 * @returns {Promise<Row>}
 */
async function measure(page, label, url) {
  try {
    return await measureRuns(page, label, url);
  } catch (error) {
    // One broken screen leaves the others' figures standing; its row says what went wrong.
    console.error(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    return unmeasured(
      label,
      error instanceof Error ? (error.message.split('\n')[0] ?? '') : 'error',
    );
  }
}

/**
 * @param {Page} page
 * @param {string} label
 * @param {string} url
 * @returns {Promise<Row>}
 */
async function measureRuns(page, label, url) {
  /** @type {import('lighthouse').Result[]} */
  const reports = [];
  const loads = [];
  for (let index = 0; index < RUNS; index += 1) {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    loads.push(loadNow());
    const result = await runLighthouse(page, url);
    const name = `${new URL(url).port}${label.replace(/\W+/g, '-')}`.replace(/-$/, '');
    const file = join(out, `${name}-${index + 1}.json`);
    writeFileSync(file, String(result.report));
    // LIGHTHOUSE_TRACES=1: each run's trace (to open in DevTools' Performance panel) and network
    // log beside its report, what Lighthouse's simulated metrics are computed from.
    if (process.env.LIGHTHOUSE_TRACES === '1') {
      const { Trace, DevtoolsLog, URL: urls } = result.artifacts;
      writeFileSync(file.replace(/\.json$/, '.trace.json'), JSON.stringify(Trace));
      writeFileSync(
        file.replace(/\.json$/, '.devtoolslog.json'),
        JSON.stringify({ DevtoolsLog, URL: urls }),
      );
    }
    reports.push(result.lhr);
  }
  const score = (/** @type {import('lighthouse').Result} */ lhr, /** @type {string} */ name) =>
    Math.round((lhr.categories[name]?.score ?? 0) * 100);
  const value = (/** @type {import('lighthouse').Result} */ lhr, /** @type {string} */ id) =>
    lhr.audits[id]?.numericValue ?? Number.NaN;
  /** @type {Set<string>} */
  const failing = new Set();
  for (const lhr of reports) {
    for (const name of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of lhr.categories[name]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.add(ref.id);
      }
    }
  }
  const finalUrl = reports.at(-1)?.finalDisplayedUrl ?? url;
  if (new URL(finalUrl).pathname !== new URL(url).pathname)
    failing.add(`redirected to ${new URL(finalUrl).pathname}`);
  const row = {
    label,
    scores: CATEGORIES.map((name) => median(reports.map((lhr) => score(lhr, name)))),
    lcp: median(reports.map((lhr) => value(lhr, 'largest-contentful-paint'))),
    tbt: median(reports.map((lhr) => value(lhr, 'total-blocking-time'))),
    cls: median(reports.map((lhr) => value(lhr, 'cumulative-layout-shift'))),
    runs: reports.map((lhr) => score(lhr, 'performance')),
    load: median(loads),
    failing: [...failing],
  };
  console.log(formatRow(row));
  return row;
}

/** @param {Row} row */
function formatRow(row) {
  const [performance, accessibility, practices, seo] =
    row.scores.length > 0 ? row.scores : ['-', '-', '-', '-'];
  return (
    `| ${row.label} | ${performance} | ${accessibility} | ${practices} | ${seo} | ` +
    `${(row.lcp / 1000).toFixed(1)} s | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(2)} | ` +
    `${row.runs.join(', ')} | ${row.load.toFixed(1)} | ${row.failing.map((id) => `\`${id}\``).join(', ') || '-'} |`
  );
}

const wanted = (/** @type {string} */ path) => !onlyScreens || onlyScreens.includes(path);

/**
 * The brand's screens: visitor screens signed out, then the merchant's signed in as the demo merchant.
 * @param {Page} page
 * @param {Brand} brand
 * @param {StorePage} storePage
 * @param {Row[]} rows
 */
async function measureBrand(page, brand, storePage, rows) {
  const visit = async (/** @type {string} */ path, url = `${brand.origin}${path}`) => {
    if (wanted(path)) rows.push(await measure(page, `\`${path}\``, url));
  };
  await visit('/');
  await visit('/login');
  await visit('/register');
  await visit('/auth/password-reminder');
  // The screen the reset mail links to; the form shows whatever the token (the server checks it on submit).
  await visit('/auth/set-password', `${brand.origin}/auth/set-password?token=lighthouse`);

  await signIn(page, `${brand.origin}/login`, { email: storePage.email, password: DEMO_PASSWORD });
  await page.goto(`${brand.origin}/coupons`, { waitUntil: 'networkidle0' });
  const edit = await page.waitForSelector('a[aria-label^="Edit coupon"]');
  if (!edit) throw new Error('no coupon to edit');
  const couponPath = new URL(
    await edit.evaluate((link) => /** @type {HTMLAnchorElement} */ (link).href),
  ).pathname;
  for (const path of ['/my-store', '/my-store/preview', '/coupons', '/coupons/add'])
    await visit(path);
  if (wanted('/coupons/:couponId'))
    rows.push(await measure(page, `\`/coupons/:couponId\``, `${brand.origin}${couponPath}`));
  for (const path of ['/insights', '/payment', '/account']) await visit(path);
  if (wanted('/stores/:slug'))
    rows.push(
      await measure(
        page,
        `\`${new URL(storePage.url).pathname}\` (public store page)`,
        storePage.url,
      ),
    );
  await page.goto(`${brand.origin}/logout`, { waitUntil: 'networkidle0' });
}

/**
 * Signs the seeded staff member in to the console: the password, then (the server is fresh, so
 * this is their first sign-in) the enrolment of an authenticator app whose key is read off the
 * screen, and the recovery codes page.
 * @param {Page} page
 * @param {string} url
 */
async function signInStaff(page, url) {
  await signIn(page, url, STAFF);
  const key = await page.waitForSelector('[aria-label="Key for your authenticator app"]');
  if (!key) throw new Error('no authenticator key on the screen');
  const secret = (await key.evaluate((element) => element.textContent ?? '')).replace(/\s/g, '');
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  await page.locator('input[autocomplete="one-time-code"]').fill(code);
  await page.locator('button[type="submit"]').click();
  await page.waitForSelector('ol[aria-label="Recovery codes"]');
  await page.locator('::-p-text(I have saved them: open the console)').click();
  await page.waitForSelector('::-p-aria(Sign out)');
}

/**
 * The staff console on the API port: its sign-in screen, then the review queue signed in.
 * @param {Page} page
 * @param {Row[]} rows
 */
async function measureReview(page, rows) {
  const url = `${apiOrigin}/review/`;
  if (wanted('/review/')) rows.push(await measure(page, '`/review/` (staff sign-in)', url));
  await signInStaff(page, url);
  if (wanted('/review/'))
    rows.push(await measure(page, '`/review/` (review queue, signed in)', url));
}

/**
 * Runs `measureScreens` into a new table; a failure (a sign-in that did not go through) ends only that table.
 * @param {string} title
 * @param {(rows: Row[]) => Promise<void>} measureScreens
 */
async function section(title, measureScreens) {
  console.log(`\n${title}`);
  /** @type {Row[]} */
  const rows = [];
  try {
    await measureScreens(rows);
  } catch (error) {
    console.error(`${title}: ${error instanceof Error ? error.message : String(error)}`);
    rows.push(unmeasured('the remaining screens', 'the sign-in failed'));
  }
  return { title, rows };
}

const HEADER = [
  '| Screen | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS | Performance, all runs | Load (1 min) | Audits not passed (any run) |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |',
];

const started = new Date().toISOString();
const server = await startServer();
const browser = await puppeteer.launch({
  // The flags carry --headless; puppeteer's own headless switch would add a second.
  executablePath: chromiumLaunchOptions.executablePath,
  headless: false,
  args: chromiumLaunchOptions.args,
  defaultViewport: null,
});
const sections = [];
try {
  const [page] = await browser.pages();
  if (!page) throw new Error('Chromium opened no page');
  // The console first: it is brand-independent and short, so a problem with it shows early. Its table goes last.
  const reviewFirst = !onlyBrands || onlyBrands.includes('review');
  if (reviewFirst) {
    sections.push(
      await section('Review console (apps/review, on the API port, every brand)', (rows) =>
        measureReview(page, rows),
      ),
    );
  }
  for (const brand of brands) {
    if (onlyBrands && !onlyBrands.includes(brand.key)) continue;
    const storePage = server.storePages[brand.client];
    if (!storePage) throw new Error(`no demo store for client ${brand.client}`);
    const title = `${server.titles[brand.client] ?? brand.key} (apps/${brand.key}, client ${brand.client})`;
    sections.push(await section(title, (rows) => measureBrand(page, brand, storePage, rows)));
  }
  sections.push(...sections.splice(0, reviewFirst ? 1 : 0));
} finally {
  await browser.close();
  await server.stop();
}
console.log(`\nLighthouse reports (JSON): ${out}`);

if (onlyBrands || onlyScreens) process.exit(0);
const loads = sections.flatMap((section) => section.rows.map((row) => row.load));
writeSection(
  'lighthouse',
  [
    '<!-- lighthouse:start -->',
    `Lighthouse ${LIGHTHOUSE_VERSION} (Node API), mobile defaults (simulated slow 4G, 4x CPU slowdown), Debian Chromium,`,
    'against the real server and the brand builds with the demo seed; merchant screens signed in as the',
    "brand's demo merchant, the review queue as the seeded staff user. Each figure is the median of",
    `${RUNS} runs with an empty HTTP cache, measured ${started.slice(0, 16).replace('T', ' ')}-${new Date().toISOString().slice(11, 16)} UTC with \`pnpm lighthouse\` on a`,
    `2-core machine; the 1-minute load average was ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} during the runs (Load column: the median`,
    "at each screen's runs; Lighthouse and Chromium alone keep it near 2). Other work on the machine depresses",
    'performance and TBT: compare figures only from runs at similar load.',
    ...sections.flatMap((section) => [
      '',
      `#### ${section.title}`,
      '',
      ...HEADER,
      ...section.rows.map(formatRow),
    ]),
    '<!-- lighthouse:end -->',
  ].join('\n'),
);
console.log('docs/performance.md: Lighthouse section updated');
