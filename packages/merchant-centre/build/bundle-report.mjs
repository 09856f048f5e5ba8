// Vite plugin: after a brand build, measures the JavaScript each route downloads
// (the entry and its static imports, plus the route's own chunk and its static
// imports), gzipped, and leaves it in that app's reports/ folder (gitignored), so a
// build never edits tracked files. Run as a script (`pnpm report:bundle`), it copies
// the three brands' reports into the bundle report in docs/performance.md. That file
// is also edited by e2e/lighthouse.mjs, so it is edited under a lock.
import { mkdirSync, readFileSync, rmdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageRoot, '../..');
const routeModules = JSON.parse(readFileSync(join(packageRoot, 'route-modules.json'), 'utf8'));

export const REPORT_FILE = join(repoRoot, 'docs/performance.md');
export const BLOCK_START = '<!-- bundle-report:start -->';
export const BLOCK_END = '<!-- bundle-report:end -->';
export const LANDING_BUDGET_KB = 130;
const BRANDS = ['uk', 'us-promo', 'us-discount'];

const kb = (bytes) => (bytes / 1024).toFixed(1);

function closure(bundle, fileName, seen = new Set()) {
  if (seen.has(fileName)) return seen;
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) closure(bundle, imported, seen);
  return seen;
}

/** Per route: the JS files it needs and their gzipped size. */
export function measureRoutes(bundle) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('bundle-report: no entry chunk');
  const gzipped = new Map(chunks.map((chunk) => [chunk.fileName, gzipSync(chunk.code, { level: 9 }).length]));
  const entryFiles = closure(bundle, entry.fileName);
  const rows = [];
  for (const [route, module] of Object.entries(routeModules)) {
    const files = new Set(entryFiles);
    if (module) {
      const absolute = join(packageRoot, module);
      const own = chunks.find((chunk) => chunk.facadeModuleId === absolute);
      if (!own) throw new Error(`bundle-report: no chunk of its own for ${route} (${module})`);
      closure(bundle, own.fileName, files);
    }
    let bytes = 0;
    for (const file of files) bytes += gzipped.get(file) ?? 0;
    rows.push({ route, files: files.size, gzipBytes: bytes });
  }
  const total = chunks.reduce((sum, chunk) => sum + (gzipped.get(chunk.fileName) ?? 0), 0);
  return { rows, totalGzipBytes: total, chunkCount: chunks.length };
}

function brandSection(brand, title, report) {
  const landing = report.rows.find((row) => row.route === '/');
  const verdict =
    landing && landing.gzipBytes / 1024 <= LANDING_BUDGET_KB
      ? `within the ${LANDING_BUDGET_KB} KB budget`
      : `OVER the ${LANDING_BUDGET_KB} KB budget`;
  const lines = [
    `<!-- bundle:${brand}:start -->`,
    `### ${title}`,
    '',
    `Landing route: ${landing ? kb(landing.gzipBytes) : '?'} KB gzipped, ${verdict}. ` +
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
    "the entry with its static imports plus the route's own lazy chunk with its static imports,",
    'gzipped at level 9.',
    '',
    ...BRANDS.flatMap((brand) => [`<!-- bundle:${brand}:start -->`, `<!-- bundle:${brand}:end -->`, '']),
    '### Lighthouse (landing page, mobile)',
    '',
    '<!-- lighthouse:start -->',
    'Not measured yet: run `node e2e/lighthouse.mjs` with the server started.',
    '<!-- lighthouse:end -->',
    BLOCK_END,
    '',
  ].join('\n');
}

/** Puts `content` between `<!-- name:start -->` and `<!-- name:end -->` inside the report block. */
export function replaceSection(text, name, content) {
  let doc = text;
  if (!doc.includes(BLOCK_START) || !doc.includes(BLOCK_END)) doc = `${doc.trimEnd()}${doc.trim() ? '\n\n' : ''}${skeleton()}`;
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

/** Edits the report file's named section under the lock. */
export function writeSection(name, content) {
  withLock(() => {
    const text = existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : '# Performance\n';
    writeFileSync(REPORT_FILE, replaceSection(text, name, content));
  });
}

/** The folder, beside dist/, where a brand build leaves its bundle report. */
const REPORTS_DIR = 'reports';
const REPORT_JSON = 'bundle.json';

/** @param {{ brand: string, title: string }} options */
export function bundleReport({ brand, title }) {
  let appDir = process.cwd();
  return {
    name: 'cc-bundle-report',
    apply: 'build',
    configResolved(config) {
      appDir = config.root;
    },
    writeBundle(_outputOptions, bundle) {
      const report = measureRoutes(bundle);
      const dir = join(appDir, REPORTS_DIR);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, REPORT_JSON), `${JSON.stringify({ brand, title, ...report }, null, 2)}\n`);
      writeFileSync(join(dir, 'bundle.md'), `${brandSection(brand, title, report)}\n`);
      const landing = report.rows.find((row) => row.route === '/');
      if (landing && landing.gzipBytes / 1024 > LANDING_BUDGET_KB) {
        this.warn(`landing route JavaScript is ${kb(landing.gzipBytes)} KB gzipped, over ${LANDING_BUDGET_KB} KB`);
      }
    },
  };
}

/** Copies each brand build's last report into docs/performance.md; answers the brands written. */
export function writeReportsToDocs() {
  const reports = BRANDS.map((brand) => {
    const file = join(repoRoot, 'apps', brand, REPORTS_DIR, REPORT_JSON);
    if (!existsSync(file)) throw new Error(`bundle-report: no ${relative(repoRoot, file)}; build the brand first`);
    return JSON.parse(readFileSync(file, 'utf8'));
  });
  for (const report of reports) writeSection(`bundle:${report.brand}`, brandSection(report.brand, report.title, report));
  return reports.map((report) => report.brand);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const brands = writeReportsToDocs();
  console.log(`${relative(repoRoot, REPORT_FILE)}: bundle report of ${brands.join(', ')} updated`);
}
