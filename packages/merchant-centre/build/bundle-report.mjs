// Vite plugin: after a brand build, measures the JavaScript each route downloads
// (the entry and its static imports; on / also the landing page's chunk and its static
// imports; on every other route app.html's route hints, the app's chunk and its static
// imports, and the route's own chunk and its static imports), gzipped, and leaves it in that app's reports/ folder (gitignored), so a
// build never edits tracked files. Run as a script (`pnpm report:bundle`), it copies
// the three brands' reports into the bundle report in docs/performance.md. That file
// is also edited by e2e/lighthouse.mjs, so it is edited under a lock.
import { mkdirSync, readFileSync, rmdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { minifySync } from 'vite';

/**
 * @typedef {import('vite').Rolldown.OutputBundle} Bundle
 * @typedef {import('./route-table.mjs').BuildRoute} BuildRoute
 * @typedef {[path: string, files: string[], isMerchant: boolean]} ChunkRoute
 * @typedef {{ rows: { route: string, files: number, gzipBytes: number }[], totalGzipBytes: number, chunkCount: number }} Report
 */

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageRoot, '../..');
/** @type {Record<string, string[]>} */
const routeRequests = JSON.parse(readFileSync(join(packageRoot, 'route-requests.json'), 'utf8'));

export const REPORT_FILE = join(repoRoot, 'docs/performance.md');
export const BLOCK_START = '<!-- bundle-report:start -->';
export const BLOCK_END = '<!-- bundle-report:end -->';
export const LANDING_BUDGET_KB = 100;
export const ROUTE_BUDGET_KB = 160;
/** The app (router, store, shell), loaded by the entry on every address but / for a visitor. */
export const APP_MODULE = 'src/app/render-app.tsx';
/** The landing tree, loaded by the entry on / for a visitor to hydrate the prerendered page. */
export const LANDING_MODULE = 'src/app/landing-root.tsx';
/** The API layer (RTK Query and the endpoints), loaded beside every screen's own chunk. */
export const API_MODULE = 'src/app/attach-api.ts';
const BRANDS = ['uk', 'us-promo', 'us-discount'];

const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);

/**
 * `fileName`'s chunk and every chunk it imports statically, added to `seen`.
 * @param {Bundle} bundle
 * @param {string} fileName
 * @param {Set<string>} [seen]
 */
export function closure(bundle, fileName, seen = new Set()) {
  if (seen.has(fileName)) return seen;
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) closure(bundle, imported, seen);
  return seen;
}

/**
 * The app's chunk and its static imports that the entry does not already bring: what every address but / loads next.
 * @param {Bundle} bundle
 */
export function appChunkFiles(bundle) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  const app = chunks.find((chunk) => chunk.facadeModuleId === join(packageRoot, APP_MODULE));
  if (!entry || !app) return [];
  const entryFiles = closure(bundle, entry.fileName);
  return [...closure(bundle, app.fileName)].filter((file) => !entryFiles.has(file));
}

/**
 * Per route but / (in the route table's order, its path pattern first): the files of
 * the route's own chunk and of the API layer's, with their static imports, that neither
 * the entry nor the app's chunk brings, and whether it is a merchant's screen (its chunks
 * wait for a session). app.html has the browser fetch them beside the entry instead of
 * once the router has matched. `routes`: the route table as build/route-table.mjs reads it.
 * @param {Bundle} bundle
 * @param {BuildRoute[]} routes
 * @returns {ChunkRoute[]}
 */
export function routeChunkFiles(bundle, routes) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  const byModule = (/** @type {string} */ module) =>
    chunks.find((chunk) => chunk.facadeModuleId === join(packageRoot, module));
  const app = byModule(APP_MODULE);
  const api = byModule(API_MODULE);
  if (!entry || !app) return [];
  const shared = closure(bundle, app.fileName, closure(bundle, entry.fileName));
  /** @type {ChunkRoute[]} */
  const chunkRoutes = [];
  for (const { path, module, isMerchant } of routes) {
    const own = module && byModule(module);
    if (!own) continue;
    const files = closure(bundle, own.fileName, api ? closure(bundle, api.fileName) : new Set());
    chunkRoutes.push([path, [...files].filter((file) => !shared.has(file)), isMerchant]);
  }
  return chunkRoutes;
}

/**
 * app.html's route hints, a file of their own (the Content-Security-Policy allows no inline
 * script): the chunks of the screen at the page's address (routeChunkFiles, found by the path
 * patterns of the route table with the browser's URLPattern) are fetched beside the entry
 * instead of after the entry has run and the router has matched. A browser without
 * URLPattern fetches them as before.
 *
 * With a stored user, the hints also send the screen's first API calls (route-requests.json:
 * paths under /api/v1/ in which `:client` is the brand's client id, from the script element's
 * data-client, `:storeSlug` the stored user's store and any other name the address's numeric
 * part of that name) with the headers the API layer sends and the access token it would send
 * (the access cookie, else the stored user's unexpired token). They go on window under
 * `ccEarlyRequests` (packages/api/src/early-requests.ts), where the API layer takes an answer
 * instead of calling again; a Map already there means the app has started calling: nothing is sent.
 * @param {Bundle} bundle
 * @param {BuildRoute[]} routes
 */
export function routePreloadScript(bundle, routes) {
  return routeHintsScript(routeChunkFiles(bundle, routes));
}

/**
 * The route hints as they run in the page, written into their file as source (so they use
 * nothing of this module): `files` the chunk files' names under /assets/, `routes` per route its path pattern, its
 * files' indexes in `files`, 1 for a merchant screen, and the API calls of route-requests.json.
 * @param {string[]} files
 * @param {[pattern: string, indexes: number[], isMerchant: 0 | 1, requests?: string[]][]} routes
 */
function routeHints(files, routes) {
  if (typeof URLPattern !== 'function') return;
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const cookie = /(?:^|;\s*)cc_token=([^;]*)/.exec(document.cookie);
  /** @type {{ token?: string, expiration: string, store?: { slug: string } } | null} */
  let user = null;
  try {
    user = JSON.parse(localStorage.getItem('cc_user') ?? 'null');
  } catch {
    // no stored user to read: a visitor
  }
  for (const [pattern, indexes, isMerchant, requests] of routes) {
    const match = new URLPattern({ pathname: pattern }).exec({ pathname: path });
    if (!match) continue;
    if (isMerchant && !cookie && !user) return;
    for (const index of indexes) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = `/assets/${files[index]}`;
      document.head.append(link);
    }
    // The token the API layer sends (readAccessToken): the access cookie's, else the stored user's, here only until it expires.
    const token =
      user?.token &&
      (cookie
        ? decodeURIComponent(cookie[1] ?? '')
        : Date.parse(user.expiration) > Date.now() && user.token);
    const client = document.currentScript?.dataset.client;
    const page =
      /** @type {Window & { ccEarlyRequests?: Map<string, { headers: string, response: Promise<Response> }> }} */ (
        window
      );
    if (!requests || !token || !client || page.ccEarlyRequests) return;
    const early = (page.ccEarlyRequests = new Map());
    /** @type {Record<string, string | undefined>} */
    const values = { client, storeSlug: user?.store?.slug, ...match.pathname.groups };
    // What base-query.ts sends with a GET (fetchBaseQuery adds accept), in name order as Headers lists them.
    const headers = {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'x-coupon-center': '1',
      'x-site-key': client,
    };
    for (const request of requests) {
      let isComplete = true;
      // An id or a slug (letters, digits, hyphens) is written as URLSearchParams writes it; the API layer compares the whole URL.
      const path = request.replace(/:(\w+)/g, (_, name) => {
        isComplete &&= values[name] != null;
        return encodeURIComponent(values[name] ?? '');
      });
      const url = `${location.origin}/api/v1/${path}`;
      if (!isComplete) continue;
      const response = fetch(url, { headers });
      // An early failure is the API layer's to drop; unobserved, it would be reported as unhandled.
      response.catch(() => {});
      early.set(url, { headers: JSON.stringify(headers), response });
    }
    return;
  }
}

/**
 * The route hints' file for routes as routeChunkFiles answers them: [path pattern, files, merchant screen].
 * @param {ChunkRoute[]} chunkRoutes
 */
export function routeHintsScript(chunkRoutes) {
  const files = [...new Set(chunkRoutes.flatMap(([, routeFiles]) => routeFiles))];
  // Every chunk is under assets/, which the hints write once instead of in each name.
  const notUnderAssets = files.filter((file) => !file.startsWith('assets/'));
  if (notUnderAssets.length > 0)
    throw new Error(
      `bundle-report: route hints: chunks outside assets/: ${notUnderAssets.join(', ')}`,
    );
  const routes = chunkRoutes.map(([route, routeFiles, isMerchant]) => [
    route,
    routeFiles.map((file) => files.indexOf(file)),
    isMerchant ? 1 : 0,
    ...(routeRequests[route] ? [routeRequests[route]] : []),
  ]);
  const names = files.map((file) => file.slice('assets/'.length));
  const { code, errors } = minifySync(
    'route-hints.js',
    `(${routeHints.toString()})(${JSON.stringify(names)},${JSON.stringify(routes)});`,
  );
  if (errors.length > 0)
    throw new Error(
      `bundle-report: route hints: ${errors.map((error) => error.message).join('; ')}`,
    );
  return code;
}

/**
 * Per route: the JS files it needs and their gzipped size.
 * @param {Bundle} bundle
 * @param {BuildRoute[]} routes
 * @returns {Report}
 */
export function measureRoutes(bundle, routes) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('bundle-report: no entry chunk');
  const gzipped = new Map(
    chunks.map((chunk) => [chunk.fileName, gzipSync(chunk.code, { level: 9 }).length]),
  );
  const entryFiles = closure(bundle, entry.fileName);
  const ownChunk = (/** @type {string} */ module, /** @type {string} */ what) => {
    const own = chunks.find((chunk) => chunk.facadeModuleId === join(packageRoot, module));
    if (!own) throw new Error(`bundle-report: no chunk of its own for ${what} (${module})`);
    return own;
  };
  const app = ownChunk(APP_MODULE, 'the app');
  const landing = ownChunk(LANDING_MODULE, 'the landing page');
  const hintsBytes = gzipSync(routePreloadScript(bundle, routes), { level: 9 }).length;
  /** @type {Report['rows']} */
  const rows = [];
  for (const { path: route, module } of routes) {
    const files = new Set(entryFiles);
    if (module) {
      closure(bundle, app.fileName, files);
      closure(bundle, ownChunk(module, route).fileName, files);
    } else {
      closure(bundle, landing.fileName, files);
    }
    // Every address but / is app.html, which also loads the route hints (routePreloadScript).
    let bytes = module ? hintsBytes : 0;
    for (const file of files) bytes += gzipped.get(file) ?? 0;
    rows.push({ route, files: files.size + (module ? 1 : 0), gzipBytes: bytes });
  }
  const total = chunks.reduce((sum, chunk) => sum + (gzipped.get(chunk.fileName) ?? 0), 0);
  return { rows, totalGzipBytes: total, chunkCount: chunks.length };
}

/**
 * @param {string} brand
 * @param {string} title
 * @param {Report} report
 */
function brandSection(brand, title, report) {
  const landing = report.rows.find((row) => row.route === '/');
  const verdict =
    landing && landing.gzipBytes / 1024 <= LANDING_BUDGET_KB
      ? `within the ${LANDING_BUDGET_KB} KB budget`
      : `OVER the ${LANDING_BUDGET_KB} KB budget`;
  const over = report.rows.filter(
    (row) => row.route !== '/' && row.gzipBytes / 1024 > ROUTE_BUDGET_KB,
  );
  const routesVerdict = over.length
    ? `OVER the ${ROUTE_BUDGET_KB} KB budget of every other route: ${over.map((row) => `\`${row.route}\``).join(', ')}`
    : `every other route within the ${ROUTE_BUDGET_KB} KB budget`;
  const lines = [
    `<!-- bundle:${brand}:start -->`,
    `### ${title}`,
    '',
    `Landing route: ${landing ? kb(landing.gzipBytes) : '?'} KB gzipped, ${verdict}; ${routesVerdict}. ` +
      `All ${report.chunkCount} chunks together: ${kb(report.totalGzipBytes)} KB gzipped.`,
    '',
    '| Route | JS files | JS gzipped (KB) |',
    '| --- | ---: | ---: |',
    ...report.rows.map((row) => `| \`${row.route}\` | ${row.files} | ${kb(row.gzipBytes)} |`),
    '',
    `<!-- bundle:${brand}:end -->`,
  ];
  return lines.join('\n');
}

function skeleton() {
  return [
    BLOCK_START,
    '## Client bundles (brand builds)',
    '',
    'Written by `pnpm report:bundle` from the report each brand build leaves in',
    '`apps/<brand>/reports/`. Each route counts the JavaScript a browser downloads to show it:',
    "the entry with its static imports; on / also the landing page's chunk, on every other route",
    "app.html's route hints, the app's chunk and the route's own lazy chunk, each with its static",
    'imports; gzipped at level 9.',
    '',
    ...BRANDS.flatMap((brand) => [
      `<!-- bundle:${brand}:start -->`,
      `<!-- bundle:${brand}:end -->`,
      '',
    ]),
    '### Lighthouse (landing page, mobile)',
    '',
    '<!-- lighthouse:start -->',
    'Not measured yet: run `node e2e/lighthouse.mjs` with the server started.',
    '<!-- lighthouse:end -->',
    BLOCK_END,
    '',
  ].join('\n');
}

/**
 * Puts `content` between `<!-- name:start -->` and `<!-- name:end -->` inside the report block.
 * @param {string} text
 * @param {string} name
 * @param {string} content
 */
export function replaceSection(text, name, content) {
  let doc = text;
  if (!doc.includes(BLOCK_START) || !doc.includes(BLOCK_END))
    doc = `${doc.trimEnd()}${doc.trim() ? '\n\n' : ''}${skeleton()}`;
  const start = doc.indexOf(BLOCK_START);
  const end = doc.indexOf(BLOCK_END) + BLOCK_END.length;
  let block = doc.slice(start, end);
  const open = `<!-- ${name}:start -->`;
  const close = `<!-- ${name}:end -->`;
  if (!block.includes(open)) block = block.replace(BLOCK_END, `${open}\n${close}\n${BLOCK_END}`);
  const from = block.indexOf(open);
  const to = block.indexOf(close) + close.length;
  block = block.slice(0, from) + content.trim() + block.slice(to);
  return doc.slice(0, start) + block + doc.slice(end);
}

/**
 * @template T
 * @param {() => T} fn
 */
function withLock(fn) {
  const lock = `${REPORT_FILE}.lock`;
  mkdirSync(dirname(REPORT_FILE), { recursive: true });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 60_000) rmdirSync(lock);
      if (Date.now() > deadline) throw new Error(`bundle-report: ${lock} stayed locked`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    return fn();
  } finally {
    rmdirSync(lock);
  }
}

/**
 * Edits the report file's named section under the lock.
 * @param {string} name
 * @param {string} content
 */
export function writeSection(name, content) {
  withLock(() => {
    const text = existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : '# Performance\n';
    writeFileSync(REPORT_FILE, replaceSection(text, name, content));
  });
}

/** The folder, beside dist/, where a brand build leaves its bundle report. */
const REPORTS_DIR = 'reports';
const REPORT_JSON = 'bundle.json';

/**
 * @param {{ brand: string, title: string, routes: BuildRoute[] }} options
 * @returns {import('vite').Plugin}
 */
export function bundleReport({ brand, title, routes }) {
  let appDir = process.cwd();
  return {
    name: 'cc-bundle-report',
    apply: 'build',
    configResolved(config) {
      appDir = config.root;
    },
    writeBundle(_outputOptions, bundle) {
      const report = measureRoutes(bundle, routes);
      const dir = join(appDir, REPORTS_DIR);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, REPORT_JSON),
        `${JSON.stringify({ brand, title, ...report }, null, 2)}\n`,
      );
      writeFileSync(join(dir, 'bundle.md'), `${brandSection(brand, title, report)}\n`);
      const landing = report.rows.find((row) => row.route === '/');
      if (landing && landing.gzipBytes / 1024 > LANDING_BUDGET_KB) {
        this.warn(
          `landing route JavaScript is ${kb(landing.gzipBytes)} KB gzipped, over ${LANDING_BUDGET_KB} KB`,
        );
      }
    },
  };
}

/** Copies each brand build's last report into docs/performance.md; answers the brands written. */
export function writeReportsToDocs() {
  const reports = BRANDS.map((brand) => {
    const file = join(repoRoot, 'apps', brand, REPORTS_DIR, REPORT_JSON);
    if (!existsSync(file))
      throw new Error(`bundle-report: no ${relative(repoRoot, file)}; build the brand first`);
    /** @type {Report & { brand: string, title: string }} */
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return report;
  });
  for (const report of reports)
    writeSection(`bundle:${report.brand}`, brandSection(report.brand, report.title, report));
  return reports.map((report) => report.brand);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const brands = writeReportsToDocs();
  console.log(`${relative(repoRoot, REPORT_FILE)}: bundle report of ${brands.join(', ')} updated`);
}
