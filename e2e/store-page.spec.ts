import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { BRANDS, type E2EBrand } from './support/brands';
import { snap } from './support/helpers';
import { ownServer } from './support/own-server';

/**
 * This journey runs its own server (fresh PGlite data, the builds the other journeys
 * use) on ports of its own, so it can run beside them; E2E_STORE_PAGE_PORT moves them.
 */
const API_PORT = Number(process.env.E2E_STORE_PAGE_PORT ?? 4300);
const origin = (client: number) => `http://localhost:${API_PORT + client}`;
/** The staff console's API: the API port, as /review/ calls it. */
const STAFF_API = `http://localhost:${API_PORT}/api/v1`;
const brands: E2EBrand[] = BRANDS.map((brand) => ({ ...brand, origin: origin(brand.config.clientId) }));

ownServer({ apiPort: API_PORT, origins: { 7: origin(7), 8: origin(8), 10: origin(10) }, label: 'store-page' });

const STAFF = { email: 'staff@couponcenter.local', password: 'staff1234' };
const DAY = 24 * 3600 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

type Made = { slug: string; token: string; coupons: number[] };

/** A live store page made through the API: a merchant, a store, four coupons, paid in the local checkout, approved by staff. */
async function liveStore(request: APIRequestContext, brand: E2EBrand): Promise<Made> {
  const client = brand.config.clientId;
  const site = { 'x-site-key': String(client), 'x-coupon-center': '1' };
  const email = `page-${brand.key}-${Date.now().toString(36)}@e2e.test`;
  const registered = await request.post(`${brand.origin}/api/v1/auth/email-register/`, {
    headers: site,
    data: { email, password: 'secret12', siteId: client, type: 2, first_name: 'N/A', last_name: 'N/A' },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const headers = { ...site, authorization: `Bearer ${token}` };
  const name = `Harbour & Pine ${Date.now().toString(36)}`;
  const created = await request.post(`${brand.origin}/api/v1/stores/`, {
    headers,
    data: {
      name,
      contact_first_name: 'Ada',
      contact_last_name: 'Lovelace',
      contact_email: email,
      logo_url: '',
      website_url: 'https://harbour-and-pine.example.com',
      affiliate_website_url: '',
      client,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      location: brand.config.location,
      primary_category: brand.config.primaryCategory,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const store = (await created.json()) as { id: number; slug: string };
  const coupon = async (fields: Record<string, unknown>) => {
    const response = await request.post(`${brand.origin}/api/v1/coupons/`, {
      headers,
      data: {
        store: store.id,
        approved: true,
        custom_url: '',
        destination_affiliate_url: '',
        destination_coupon_url: 'https://harbour-and-pine.example.com/offers',
        savings_amount: null,
        savings_percent: null,
        savings_minimum_order: '',
        start_date: day(-3),
        title: '',
        up_to_savings_percent: 0,
        ...fields,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const coupons = [
    await coupon({ offer_type: 'sitewide_percent', savings_percent: 20, discount_code: 'PINE20', description: '20% off everything, sale items included', expiration_date: day(9) }),
    await coupon({ offer_type: 'sitewide_amount', savings_amount: '15', discount_code: 'HARBOUR15', description: 'Take 15 off orders over 75', expiration_date: day(0) }),
    await coupon({ offer_type: 'free_shipping', discount_code: '', description: 'Free delivery on every order this week', expiration_date: day(1) }),
    await coupon({ offer_type: 'sale_percent', savings_percent: 40, discount_code: '', description: 'Up to 40% off outdoor furniture in the summer sale', expiration_date: null }),
  ];

  // The plan's payment link, paid with the local checkout's test card.
  const plans = await request.get(`${brand.origin}/api/v1/coupon-center-plans/?client=${client}`, { headers });
  const [plan] = (await plans.json()) as { payment_link: { url: string } }[];
  const opened = await request.get(plan?.payment_link.url ?? '', { maxRedirects: 0 });
  expect(opened.status()).toBe(303);
  const paid = await request.post(`${brand.origin}${opened.headers().location ?? ''}`, {
    maxRedirects: 0,
    form: { card_number: '4242 4242 4242 4242', expiry: `12/${String((new Date().getUTCFullYear() + 4) % 100)}`, cvc: '123', name: 'Ada Lovelace' },
  });
  expect(paid.status(), await paid.text()).toBe(303);

  const login = await request.post(`${STAFF_API}/auth/email-login/`, { data: { ...STAFF, siteId: 7 } });
  expect(login.status(), await login.text()).toBe(200);
  const staffToken = ((await login.json()) as { token: string }).token;
  const approved = await request.post(`${STAFF_API}/review/stores/${store.id}/approve/`, {
    headers: { authorization: `Bearer ${staffToken}` },
  });
  expect(approved.status()).toBe(200);

  // Four shoppers say the first code worked (each browser is another visitor), before the page is first rendered.
  for (let i = 1; i <= 4; i += 1) {
    const answered = await request.post(`${brand.origin}/stores/${store.slug}/feedback`, {
      headers: { 'user-agent': `E2E shopper ${i}` },
      data: { coupon: coupons[0], worked: true },
    });
    expect(await answered.json()).toEqual({ counted: true });
  }
  return { slug: store.slug, token, coupons };
}

/** The merchant's site answers locally: no network in the journeys. */
async function offline(page: Page) {
  await page.context().route(/^https?:\/\/[^/]*\.example\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Harbour & Pine</title><h1>Harbour & Pine</h1>' }),
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
    const made = await liveStore(request, brand);
    const url = `${brand.origin}/stores/${made.slug}`;

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
          headers: { authorization: `Bearer ${made.token}`, 'x-site-key': String(brand.config.clientId) },
        });
        return ((await stats.json()) as { results: { coupon: number; reveals: number; clicks: number }[] }).results[0];
      })
      .toMatchObject({ coupon: made.coupons[0], reveals: 1, clicks: 1 });
    await desktop.close();

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
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
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(mobile, brand, 'public-store-page-phone');
    expect(mobileErrors).toEqual([]);
    await phone.close();
  });
}
