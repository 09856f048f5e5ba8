import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { BRANDS, type E2EBrand } from './support/brands';
import {
  addCouponByApi,
  approveAsStaff,
  merchantWithStore,
  payByApi,
} from './support/api-merchant';
import { clearOfMidnight, logIn, uniqueEmail, uniqueTag, utcDay } from './support/helpers';
import { E2E_API_PORT } from './support/ports.mjs';
import { capture, PASSWORD } from './support/merchant-journey';

/** The shared server's API port, as the staff console calls it. */
const API_ORIGIN = `http://127.0.0.1:${E2E_API_PORT}`;
const BOM = '\uFEFF';

/**
 * A paid, approved store with two coupons (one with a code, one deal), made through the
 * API (other journeys walk those screens).
 */
async function liveStore(request: APIRequestContext, brand: E2EBrand) {
  const name = `Insights Outlet ${uniqueTag()}`;
  const merchant = await merchantWithStore(request, brand, {
    email: uniqueEmail(`insights-${brand.key}`),
    name,
    website: `http://${name.toLowerCase().replace(/\W+/g, '')}.example.com`,
  });
  const coupon = (fields: Record<string, unknown>) =>
    addCouponByApi(request, brand, merchant, { expiration_date: utcDay(30), ...fields });
  await coupon({
    offer_type: 'sitewide_percent',
    savings_percent: 20,
    title: '20% OFF',
    discount_code: 'INSIGHTS20',
    description: 'E2E insights coupon, 1',
  });
  await coupon({
    offer_type: 'free_shipping',
    savings_minimum_order: '25',
    title: 'Free Shipping',
    description: 'E2E insights coupon 2',
  });
  await payByApi(request, brand, merchant);
  await approveAsStaff(request, API_ORIGIN, merchant.store.id);
  return merchant;
}

/**
 * A shopper (a browser of their own, told apart from the others by its User-Agent) views
 * the live page, shows the first coupon's code, goes on to the merchant and answers
 * "Did this code work?".
 */
async function shop(
  browser: Browser,
  brand: E2EBrand,
  slug: string,
  shopper: number,
  answer: 'Yes' | 'No',
) {
  const context = await browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 E2EShopper/${shopper}`,
  });
  // No network here: the merchant's own site answers locally.
  await context.route(/^https?:\/\/[^/]*\.example\.com\//, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<title>Merchant site</title><h1>Merchant site</h1>',
    }),
  );
  const live = await context.newPage();
  await live.goto(`${brand.origin}/stores/${slug}`);
  const coupon = live.getByRole('listitem').filter({ hasText: 'E2E insights coupon, 1' });
  const outbound = live.waitForEvent('popup');
  await coupon.getByRole('link', { name: /Show code/ }).click();
  await expect(coupon.getByText('INSIGHTS20')).toBeVisible();
  const destination = await outbound;
  await expect(destination.getByRole('heading', { name: 'Merchant site' })).toBeVisible();
  await destination.close();
  await expect(coupon.getByText('Did this code work?')).toBeVisible();
  await coupon.getByRole('button', { name: answer }).click();
  await expect(coupon.getByRole('status')).toHaveText('Thanks for letting us know.');
  await context.close();
}

/** Downloads a table through its 'Download CSV' button and answers the file's name and text. */
async function downloadCsv(page: Page, name: string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name }).click();
  const download = await downloading;
  return {
    filename: download.suggestedFilename(),
    text: readFileSync(await download.path(), 'utf8'),
  };
}

/** Whether the chart's canvas has any pixel drawn on it. */
function drawnPixels(page: Page) {
  return page
    .getByTestId('insights-chart')
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const pixels =
        canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ??
        new Uint8ClampedArray();
      let drawn = 0;
      for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) drawn += 1;
      return { width: canvas.width, height: canvas.height, drawn };
    });
}

for (const brand of BRANDS) {
  test(`${brand.config.appName} Insights: shoppers' views, code reveals, clicks and feedback show on the chart, the table and the CSV files`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    // The CSV is named after today, and today's row is the visits: all on one UTC day.
    await clearOfMidnight();
    const { email, store } = await liveStore(request, brand);
    await logIn(page, brand, email, PASSWORD);

    // Three shoppers; two say the code worked, one that it did not.
    await shop(browser, brand, store.slug, 1, 'Yes');
    await shop(browser, brand, store.slug, 2, 'No');
    await shop(browser, brand, store.slug, 3, 'Yes');

    // The merchant opens Insights from the nav, right after 'My coupons'.
    await page.goto(`${brand.origin}/coupons`);
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Insights' }).click();
    await expect(page).toHaveURL(`${brand.origin}/insights`);
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    const chart = page.getByRole('img', {
      name: /^Views, code reveals and clicks per day, last 30 days/,
    });
    // The page's counts travel as beacons: reload until all three have arrived.
    await expect
      .poll(async () => {
        await page.reload();
        return chart.getAttribute('aria-label', { timeout: 5_000 }).catch(() => '');
      })
      .toMatch(/: 6 views, 3 code reveals, 3 clicks in total\.$/);
    await expect.poll(async () => (await drawnPixels(page)).drawn).toBeGreaterThan(500);
    const size = await drawnPixels(page);
    expect(size.width).toBeGreaterThan(300);
    expect(size.height).toBeGreaterThan(200);

    const table = page.getByRole('table', { name: 'Your coupons' });
    const figures = (headline: string) =>
      table.getByRole('row', { name: new RegExp(headline) }).getByRole('cell');
    await expect(figures('20% OFF')).toHaveText(['3', '3', '3', '100%', '66.7%']);
    await expect(figures('Free Shipping')).toHaveText([
      '3',
      '0',
      '0',
      '0%',
      '—No shopper feedback yet',
    ]);

    // The same figures as a table, for anyone who cannot see the chart.
    await page.getByRole('button', { name: 'Show as table' }).click();
    const today = utcDay();
    const daily = page.getByRole('table', {
      name: 'Views, code reveals and clicks per day, last 30 days',
    });
    await expect(daily.getByRole('row')).toHaveCount(31);
    await expect(daily.getByRole('row').last().getByRole('cell')).toHaveText(['6', '3', '3']);
    await page.getByRole('button', { name: 'Hide table' }).click();

    const dailyCsv = await downloadCsv(page, 'Download CSV of visits per day');
    expect(dailyCsv.filename).toBe(
      `${brand.config.appName.toLowerCase()}-${store.slug}-insights-daily-30-days-${today}.csv`,
    );
    const dailyRows = dailyCsv.text.replace(BOM, '').trimEnd().split('\r\n');
    expect(dailyRows[0]).toBe('Date,Views,Code reveals,Clicks');
    expect(dailyRows).toHaveLength(31);
    expect(dailyRows.at(-1)).toBe(`${today},6,3,3`);

    const couponsCsv = await downloadCsv(page, 'Download CSV of your coupons');
    expect(couponsCsv.text.startsWith(BOM)).toBe(true);
    expect(couponsCsv.text.replace(BOM, '').trimEnd().split('\r\n')).toEqual([
      'Coupon ID,Offer,Description,Views,Code reveals,Clicks,Click-through rate,Feedback success rate',
      expect.stringMatching(/^\d+,20% OFF,"E2E insights coupon, 1",3,3,3,100%,66.7%$/),
      expect.stringMatching(/^\d+,Free Shipping,E2E insights coupon 2,3,0,0,0%,$/),
    ]);

    // The week and the quarter hold the same visits.
    await page.getByRole('button', { name: '7 days' }).click();
    await expect(
      page.getByRole('img', {
        name: /last 7 days .*: 6 views, 3 code reveals, 3 clicks in total\.$/,
      }),
    ).toBeVisible();
    await page.getByRole('button', { name: '30 days' }).click();
    await expect(chart).toBeVisible();
    await expect.poll(async () => (await drawnPixels(page)).drawn).toBeGreaterThan(500);
    await capture(page, brand, 'insights');
  });
}
