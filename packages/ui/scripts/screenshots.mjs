// Screenshots of the built Storybook (run `pnpm build` first): the coupon card
// with every offer type and the open select, in each brand's theme, and the order
// table on a phone, saved as PNGs under docs/screenshots/ui/. Uses the system
// Chromium through playwright-core. Names given on the command line (file names
// without .png) take only those shots: `pnpm screenshots order-table-mobile`.
import { chromiumLaunchOptions } from '@cc/chromium';
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const here = fileURLToPath(new URL('..', import.meta.url));
const staticDir = join(here, 'storybook-static');
const outDir = join(here, '..', '..', 'docs', 'screenshots', 'ui');

const BRANDS = [
  { story: 'uk', file: 'uk' },
  { story: 'promo-pulse', file: 'promo-pulse' },
  { story: 'discount-den', file: 'discount-den' },
];

const SHOTS = BRANDS.flatMap(({ story, file }) => [
  {
    id: `coupons-couponcard--${story}`,
    file: `coupon-card-${file}.png`,
    width: 900,
    waitFor: 'article',
  },
  {
    id: `form-select--${story}`,
    file: `select-open-${file}.png`,
    width: 480,
    waitFor: '[role="listbox"]',
  },
]);
SHOTS.push({
  id: 'coupons-couponcard--long-text',
  file: 'coupon-card-long-text-mobile.png',
  width: 390,
  waitFor: 'article',
});
SHOTS.push({
  id: 'billing-ordertable--uk-phone',
  file: 'order-table-mobile.png',
  width: 390,
  waitFor: '#storybook-root table',
});
SHOTS.push({
  id: 'form-select--multi-select-all',
  file: 'select-multi-uk.png',
  width: 480,
  waitFor: '[role="listbox"]',
});

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

function serve() {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(staticDir, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file.startsWith(staticDir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const wanted = process.argv.slice(2);
const shots =
  wanted.length > 0
    ? SHOTS.filter((shot) => wanted.includes(shot.file.replace(/\.png$/, '')))
    : SHOTS;
if (shots.length === 0) {
  console.error(
    `No shot named ${wanted.join(', ')}; known: ${SHOTS.map((shot) => shot.file).join(', ')}`,
  );
  process.exit(1);
}

if (!existsSync(join(staticDir, 'iframe.html'))) {
  console.error('No storybook-static build; run `pnpm --filter @cc/ui build:storybook` first.');
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });
const server = await serve();
const { port } = server.address();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const shot of shots) {
    const page = await browser.newPage({
      viewport: { width: shot.width, height: 200 },
      deviceScaleFactor: 1,
    });
    await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${shot.id}&viewMode=story`);
    await page.waitForSelector(shot.waitFor, { timeout: 20_000 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(outDir, shot.file), fullPage: true });
    console.log(`saved ${shot.file}`);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
