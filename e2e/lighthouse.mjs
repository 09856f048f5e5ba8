// Lighthouse (mobile settings) on each brand's landing page, against a server started
// with e2e/support/start-server.mjs, written into the Lighthouse part of the bundle
// report in docs/performance.md. Not part of the test suite:
//   node e2e/support/start-server.mjs &   then   node e2e/lighthouse.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSection } from '../packages/merchant-centre/build/bundle-report.mjs';
import { E2E_BRAND_PORTS } from './support/ports.mjs';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const out = mkdtempSync(join(tmpdir(), 'cc-lighthouse-'));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const rows = [];

function run(brand, port, index) {
  const file = join(out, `${brand}-${index}.json`);
  execFileSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      `http://localhost:${port}/`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--output=json',
      `--output-path=${file}`,
      '--quiet',
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
    ],
    { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome } },
  );
  return JSON.parse(readFileSync(file, 'utf8'));
}

for (const [brand, port] of Object.entries(E2E_BRAND_PORTS)) {
  // The median run by performance score, as Lighthouse advises for a noisy machine.
  const reports = Array.from({ length: RUNS }, (_, index) => run(brand, port, index)).sort(
    (a, b) => a.categories.performance.score - b.categories.performance.score,
  );
  const report = reports[Math.floor(reports.length / 2)];
  const all = reports.map((item) => Math.round(item.categories.performance.score * 100)).join(', ');
  const score = (name) => Math.round((report.categories[name]?.score ?? 0) * 100);
  const metric = (id) => report.audits[id]?.displayValue ?? '?';
  rows.push(
    `| ${brand} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ` +
      `${metric('first-contentful-paint')} | ${metric('largest-contentful-paint')} | ${metric('total-blocking-time')} | ${metric('cumulative-layout-shift')} | ${all} |`,
  );
  console.log(rows.at(-1));
}

writeSection(
  'lighthouse',
  [
    '<!-- lighthouse:start -->',
    `Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile settings (simulated slow 4G, 4x CPU slowdown), Debian Chromium,`,
    `landing page served by the real server from the brand builds; median of ${RUNS} runs per brand, measured`,
    `${new Date().toISOString().slice(0, 10)} with \`node e2e/lighthouse.mjs\` on a shared 2-core machine.`,
    '',
    '| Brand | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | All runs |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '<!-- lighthouse:end -->',
  ].join('\n'),
);
