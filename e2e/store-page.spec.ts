import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { BRANDS, type E2EBrand } from './support/brands';
import {
  addCouponByApi,
  approveAsStaff,
  merchantWithStore,
  payByApi,
  type ApiMerchant,
} from './support/api-merchant';
import { clearOfMidnight, snap, uniqueEmail, uniqueTag, utcDay } from './support/helpers';
import { ownServer } from './support/own-server';

/**
 * This journey runs its own server (fresh PGlite data, the builds the other journeys
 * use) on ports of its own, so it can run beside them; E2E_STORE_PAGE_PORT moves them.
 */
const API_PORT = Number(process.env.E2E_STORE_PAGE_PORT ?? 4300);
const origin = (client: number) => `http://localhost:${API_PORT + client}`;
/** The server's API port, as the staff console calls it. */
const API_ORIGIN = `http://localhost:${API_PORT}`;
const brands: E2EBrand[] = BRANDS.map((brand) => ({
  ...brand,
  origin: origin(brand.config.clientId),
}));

ownServer({
  apiPort: API_PORT,
  origins: { 7: origin(7), 8: origin(8), 10: origin(10) },
  label: 'store-page',
});

/** A live store page made through the API: a merchant, a store, four coupons, paid in the local checkout, approved by staff. */
async function liveStore(
  request: APIRequestContext,
  brand: E2EBrand,
): Promise<ApiMerchant & { coupons: number[] }> {
  const merchant = await merchantWithStore(request, brand, {
    email: uniqueEmail(`page-${brand.key}`),
    name: `Harbour & Pine ${uniqueTag()}`,
    website: 'https://harbour-and-pine.example.com',
  });
  const coupon = (fields: Record<string, unknown>) =>
    addCouponByApi(request, brand, merchant, {
      destination_coupon_url: 'https://harbour-and-pine.example.com/offers',
      start_date: utcDay(-3),
      ...fields,
    });
  const coupons = [
    await coupon({
      offer_type: 'sitewide_percent',
      savings_percent: 20,
      discount_code: 'PINE20',
      description: '20% off everything, sale items included',
      expiration_date: utcDay(9),
    }),
    await coupon({
      offer_type: 'sitewide_amount',
      savings_amount: '15',
      discount_code: 'HARBOUR15',
      description: 'Take 15 off orders over 75',
      expiration_date: utcDay(0),
    }),
    await coupon({
      offer_type: 'free_shipping',
      description: 'Free delivery on every order this week',
      expiration_date: utcDay(1),
    }),
    await coupon({
      offer_type: 'sale_percent',
      savings_percent: 40,
      description: 'Up to 40% off outdoor furniture in the summer sale',
    }),
  ];
  await payByApi(request, brand, merchant);
  await approveAsStaff(request, API_ORIGIN, merchant.store.id);

  // Four shoppers say the first code worked (each browser is another visitor), before the page is first rendered.
  for (let i = 1; i <= 4; i += 1) {
    const answered = await request.post(`${brand.origin}/stores/${merchant.store.slug}/feedback`, {
      headers: { 'user-agent': `E2E shopper ${i}` },
      data: { coupon: coupons[0], worked: true },
    });
    expect(await answered.json()).toEqual({ counted: true });
  }
  return { ...merchant, coupons };
}

/** The merchant's site answers locally: no network in the journeys. */
async function offline(page: Page) {
  await page.context().route(/^https?:\/\/[^/]*\.example\.com\//, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<title>Harbour & Pine</title><h1>Harbour & Pine</h1>',
    }),
  );
}

function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

for (const brand of brands) {
  test(`public store page (${brand.key}): Show code reveals the code with Copy and opens the merchant; Did this code work?; desktop and phone`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    // 'Ends today' and 'Ends tomorrow' are the days the coupons were made on.
    await clearOfMidnight();
    const made = await liveStore(request, brand);
    const url = `${brand.origin}/stores/${made.store.slug}`;

    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await desktop.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: brand.origin });
    const page = await desktop.newPage();
    const errors = pageErrors(page);
    await offline(page);
    await page.goto(url);
    const cards = page.getByRole('listitem');
    await expect(cards).toHaveCount(4);
    const first = cards.nth(0);
    // Each card states its offer once.
    await expect(first.getByText('20% OFF', { exact: true })).toHaveCount(1);
    await expect(first.getByText('Verified', { exact: true })).toBeVisible();
    await expect(first.getByText('100% say it worked')).toBeVisible();
    await expect(cards.nth(1).getByText('Ends today')).toBeVisible();
    await expect(cards.nth(2).getByRole('link', { name: 'Get deal' })).toBeVisible();
    await expect(cards.nth(2).getByText('Ends tomorrow')).toBeVisible();
    await expect(first.getByText('PINE20', { exact: true })).toBeHidden();

    const merchant = page.waitForEvent('popup');
    await first.getByRole('link', { name: /Show code/ }).click();
    await expect(first.getByText('PINE20', { exact: true })).toBeVisible();
    await expect(first.getByText('Did this code work?')).toBeVisible();
    const opened = await merchant;
    await expect(opened.getByRole('heading', { name: 'Harbour & Pine' })).toBeVisible();
    expect(opened.url()).toBe('https://harbour-and-pine.example.com/offers');
    await opened.close();
    await first.getByRole('button', { name: 'Copy' }).click();
    await expect(first.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('PINE20');
    await page.mouse.move(0, 0);
    await snap(page, brand, 'public-store-page');
    await first.getByRole('button', { name: 'Yes' }).click();
    await expect(first.getByRole('status')).toHaveText('Thanks for letting us know.');
    expect(errors).toEqual([]);

    // The reveal and the click are the merchant's counters.
    await expect
      .poll(async () => {
        const stats = await request.get(`${brand.origin}/api/v1/coupons/stats/`, {
          headers: made.headers,
        });
        return (
          (await stats.json()) as { results: { coupon: number; reveals: number; clicks: number }[] }
        ).results[0];
      })
      .toMatchObject({ coupon: made.coupons[0], reveals: 1, clicks: 1 });
    await desktop.close();

    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const mobile = await phone.newPage();
    const mobileErrors = pageErrors(mobile);
    await offline(mobile);
    await mobile.goto(url);
    const second = mobile.getByRole('listitem').nth(1);
    const popup = mobile.waitForEvent('popup');
    await second.getByRole('link', { name: /Show code/ }).click();
    await (await popup).close();
    await expect(second.getByText('HARBOUR15', { exact: true })).toBeVisible();
    // Nothing wider than the phone.
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await snap(mobile, brand, 'public-store-page-phone');
    expect(mobileErrors).toEqual([]);
    await phone.close();
  });
}
