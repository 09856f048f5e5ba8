import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { UK, type E2EBrand } from './support/brands';
import { signInToConsole } from './support/staff-totp';
import { mailLink, uniqueEmail, uniqueTag, verifyByApi } from './support/helpers';
import { ownServer } from './support/own-server';
import {
  addCoupon,
  createStore,
  expectActive,
  moveDownByKeyboard,
  payInCheckout,
  PASSWORD,
  saveOrder,
} from './support/merchant-journey';

/**
 * This journey runs its own server (fresh PGlite data) on ports of its own, so it
 * can run beside the other journeys' server; E2E_REVIEW_PORT moves them. The builds it
 * uses (the server, the UK brand, the staff console) are made before any journey runs,
 * when missing (start-server.mjs).
 */
const API_PORT = Number(process.env.E2E_REVIEW_PORT ?? 4200);
const UK_PORT = API_PORT + 7;
const brand: E2EBrand = { ...UK, origin: `http://localhost:${UK_PORT}` };
const REVIEW = `http://localhost:${API_PORT}/review/`;

ownServer({
  apiPort: API_PORT,
  origins: {
    7: brand.origin,
    8: `http://localhost:${API_PORT + 8}`,
    10: `http://localhost:${API_PORT + 10}`,
  },
  label: 'review',
});

async function openInQueue(staff: Page, storeName: string) {
  await staff.goto(REVIEW);
  const queue = staff.getByRole('navigation', { name: 'Review queue' });
  await queue.getByRole('button', { name: new RegExp(storeName) }).click();
  await expect(staff.getByRole('heading', { level: 2, name: storeName })).toBeVisible();
}

test('store review: decline with a reason, edit and resubmit, approve; the live page, Get deal and the counts', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const name = `Review Lane ${uniqueTag()}`;

  // The merchant registers, creates a store, pays, adds two coupons and saves an order.
  const email = uniqueEmail('review');
  await page.goto(`${brand.origin}/register`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'NEXT' }).click();
  await expect(page).toHaveURL(`${brand.origin}/my-store`);
  // Only a verified owner's store enters the review queue: the mailed link is followed first.
  await verifyByApi(
    request,
    brand,
    await mailLink(request, email, '/auth/verify-email?token=', brand.origin),
  );
  await createStore(page, brand, { name, email });
  await payInCheckout(
    page,
    page.getByRole('article').getByRole('link', { name: 'Subscribe Now' }),
    { declineFirst: false },
  );
  await expectActive(page);
  await addCoupon(page, brand, {
    type: 'Sitewide percent',
    savings: '20',
    description: 'E2E review coupon 1',
    preview: '20% OFF',
  });
  await addCoupon(page, brand, {
    type: 'Sitewide amount',
    savings: '15',
    description: 'E2E review coupon 2',
    preview: '£15 OFF',
  });
  await moveDownByKeyboard(page, 1, 2);
  await saveOrder(page);

  // Staff sign in to the console in their own browser context and decline with a reason.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  // Their first sign-in on this server enrols an authenticator app (two-step sign-in).
  await signInToConsole(staff, REVIEW, `http://localhost:${API_PORT}`);
  await openInQueue(staff, name);
  const preview = staff.frameLocator(`iframe[title="Preview of ${name}"]`);
  await expect(preview.getByRole('heading', { level: 1, name: `${name} Vouchers` })).toBeVisible();
  await expect(preview.getByText('E2E review coupon 2')).toBeVisible();
  const reason = 'Please use your registered company name.';
  await staff.getByLabel(/Reason for declining/).fill(reason);
  await staff.getByRole('button', { name: 'Decline' }).click();
  await expect(staff.getByText(`${name} declined.`)).toBeVisible();

  // Not live yet: the public page is the brand's 404.
  const storeUrl = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('cc_user') ?? '{}') as { store?: { slug: string } }).store
        ?.slug,
  );
  expect((await request.get(`${brand.origin}/stores/${storeUrl ?? ''}`)).status()).toBe(404);

  // The merchant sees the reason on /my-store, edits and resubmits.
  await page.goto(`${brand.origin}/my-store`);
  await expect(page.getByText('Your store page was declined')).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  // 'Live coupon page' shows a preview of the page with the reason, not a bare Page not found.
  await page.getByRole('banner').getByRole('link', { name: 'Live coupon page' }).click();
  const declined = page.getByRole('alert').filter({ hasText: 'Your store page was declined' });
  await expect(declined).toContainText(reason);
  await expect(
    page
      .getByRole('region', { name: 'Preview of your coupon page' })
      .getByText('E2E review coupon 2'),
  ).toBeVisible();
  await declined.getByRole('link', { name: 'My Store' }).click();
  await page.getByLabel('Store Name').fill(`${name} Ltd`);
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(page.getByText('Your store page is being reviewed')).toBeVisible();

  // Back in the queue as pending; staff approve.
  await openInQueue(staff, `${name} Ltd`);
  await expect(staff.getByText(`resubmit by ${email}`)).toBeVisible();
  await staff.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText(`${name} Ltd approved.`)).toBeVisible();
  await staffContext.close();

  // 'Live coupon page' opens the public page with the coupons in the saved order.
  await page.goto(`${brand.origin}/my-store`);
  // The page's Content-Security-Policy must let its own stylesheet and script through.
  const pageErrors: string[] = [];
  page.context().on('console', (message) => {
    if (message.type() === 'error' && message.location().url.includes('/stores/'))
      pageErrors.push(message.text());
  });
  // Until /auth/me/ says the store is approved the link leads to the in-app preview.
  const liveLink = page.getByRole('banner').getByRole('link', { name: 'Live coupon page' });
  await expect(liveLink).toHaveAttribute('href', `/stores/${storeUrl ?? ''}`);
  const livePromise = page.waitForEvent('popup');
  await liveLink.click();
  const live = await livePromise;
  await expect(live).toHaveURL(`${brand.origin}/stores/${storeUrl ?? ''}`);
  await expect(live.getByRole('heading', { level: 1, name: `${name} Ltd Vouchers` })).toBeVisible();
  await expect(live.getByRole('heading', { level: 2 })).toHaveText(['£15 OFF', '20% OFF']);
  const first = live.getByRole('listitem').filter({ hasText: 'E2E review coupon 2' });

  // A coupon without a code is a deal: 'Get deal' opens the destination in a new tab (through the click counter).
  // No network here: the merchant's own site answers locally.
  await page.context().route(/^https?:\/\/[^/]*\.example\.com\//, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<title>Merchant site</title><h1>Merchant site</h1>',
    }),
  );
  const outbound = live.waitForEvent('popup');
  await first.getByRole('link', { name: 'Get deal' }).click();
  await expect(first.getByRole('link', { name: 'Get deal' })).toHaveCSS('font-weight', '700');
  // The page's screenshots per brand, desktop and phone, come from store-page.spec.ts.
  expect(pageErrors).toEqual([]);
  const destination = await outbound;
  await expect(destination.getByRole('heading', { name: 'Merchant site' })).toBeVisible();
  expect(destination.url()).toContain('.example.com');
  await destination.close();
  await live.close();

  // The counts appear on the merchant's coupon list.
  await page.goto(`${brand.origin}/coupons`);
  const card = page.getByRole('article').filter({ hasText: 'E2E review coupon 2' });
  await expect
    .poll(async () => {
      await page.reload();
      // The line holds its place unseen until the counts have come.
      const line = card.getByText(/^Last 30 days:/);
      return line
        .waitFor({ state: 'visible', timeout: 5_000 })
        .then(() => line.textContent())
        .catch(() => '');
    })
    .toBe('Last 30 days: 1 view · 0 code reveals · 1 click');
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: 'E2E review coupon 1' })
      .getByText(/^Last 30 days:/),
  ).toHaveText('Last 30 days: 1 view · 0 code reveals · 0 clicks');
});
