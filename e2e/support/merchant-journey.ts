import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { E2EBrand } from './brands';
import { mailLink, snapIn, uniqueEmail } from './helpers';

export const PASSWORD = 'shop-secret-12';
export const GOOD_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';
/** Attaches and pays the first month, then fails every renewal (billing/local-provider.ts). */
export const RENEWAL_FAILS_CARD = '4000 0000 0000 0341';
export const LOGO = 'e2e/fixtures/logo-120x40.png';
export const WRONG_LOGO = 'e2e/fixtures/logo-200x80.png';

/** MM/YY of a card that is still valid for years, whatever today is. */
export function cardExpiry(): string {
  return `12/${String((new Date().getUTCFullYear() + 4) % 100).padStart(2, '0')}`;
}

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

/** Toasts slide and fade in and out; axe measures colours as they are, so wait until no toast moves. */
async function settleToasts(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          !(
            animation instanceof CSSAnimation &&
            /^Toastify__\w+(In|Out)/.test(animation.animationName)
          ) || animation.playState !== 'running',
      ),
  );
}

/** No serious or critical axe violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  await settleToasts(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(bad).toEqual([]);
}

/** Screenshots at desktop and phone width (see snap for the folder), with an axe check at each. */
export async function capture(page: Page, brand: E2EBrand, name: string) {
  await captureIn(page, brand.key, `merchant-${name}`);
}

/** Screenshots at desktop and phone width under SCREENSHOTS_DIR/<folder>/ (see snapIn), with an axe check at each. */
export async function captureIn(page: Page, folder: string, name: string) {
  await expectAccessible(page);
  await snapIn(page, folder, name);
  await page.setViewportSize(MOBILE);
  await expectAccessible(page);
  await snapIn(page, folder, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
  await settleResize(page);
}

/**
 * Waits until the page has seen its resize: the browser fires it at its next frame, and a
 * resize during a keyboard drag cancels the drag (as it would for a person turning a phone).
 */
async function settleResize(page: Page) {
  await page.waitForFunction((width) => window.innerWidth === width, DESKTOP.width);
  await page.evaluate(
    () =>
      new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
}

/** Registers through the register screen and verifies the address through the mailbox link (in a fresh tab). */
export async function registerAndVerify(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  brand: E2EBrand,
) {
  const email = uniqueEmail(`merchant-${brand.key}`);
  await page.goto(`${brand.origin}/register`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'NEXT' }).click();
  await expect(page).toHaveURL(`${brand.origin}/my-store`);

  const link = await mailLink(request, email, '/auth/verify-email?token=');
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  let verified: unknown;
  tab.on('response', async (response) => {
    if (response.url().endsWith('/api/v1/auth/verify-email/')) verified = await response.json();
  });
  await tab.goto(link);
  await expect(tab).toHaveURL(`${brand.origin}/`);
  expect(verified).toEqual({ email_verified: true });
  await visitor.close();
  return email;
}

/** Creates the store on /my-store, with a refused logo first and then a 120x40 one. */
export async function createStore(
  page: Page,
  brand: E2EBrand,
  options: { name: string; email: string; screenshots?: boolean },
) {
  await page.goto(`${brand.origin}/my-store`);
  await expect(
    page.getByRole('heading', { level: 1, name: `ADD YOUR STORE TO ${brand.config.siteName}` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'YOUR STORE INFORMATION' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'CONTACT INFORMATION' })).toBeVisible();
  if (options.screenshots) await capture(page, brand, 'my-store-new');

  await page.getByRole('button', { name: 'CREATE YOUR STORE' }).click();
  await expect(page.getByLabel('Store Name')).toHaveAccessibleDescription(
    'This field is required.',
  );

  await page.getByLabel('Store Name').fill(options.name);
  await page
    .getByRole('textbox', { name: 'Website URL', exact: true })
    .fill(`${options.name.toLowerCase().replace(/\W+/g, '')}.example.com`);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(options.email);

  await page.getByLabel('Logo').setInputFiles(WRONG_LOGO);
  await expect(page.getByText('Logo image should be 120x40px image.')).toBeVisible();
  await page.getByLabel('Logo').setInputFiles(LOGO);
  const preview = page.getByRole('img', { name: `${options.name} logo preview` });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveJSProperty('naturalWidth', 120);
  await expect(page.getByRole('button', { name: 'Remove logo' })).toBeVisible();

  await page.getByRole('button', { name: 'CREATE YOUR STORE' }).click();
  await expect(page).toHaveURL(`${brand.origin}/payment`);
}

async function fillCard(checkout: Page, card: string) {
  await checkout.getByLabel('Card number').fill(card);
  await checkout.getByLabel('Expiry (MM/YY)').fill(cardExpiry());
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByLabel('Name on card').fill('Ada Lovelace');
  await checkout.getByRole('button', { name: /^Pay / }).click();
}

/**
 * Opens the payment link (a new tab) from the given link or button, pays with the
 * declined card first when asked, then with the good card, and comes back.
 */
export async function payInCheckout(
  page: Page,
  opener: Locator,
  options: { declineFirst: boolean; card?: string },
) {
  const popupPromise = page.waitForEvent('popup');
  await opener.click();
  const checkout = await popupPromise;
  await checkout.waitForLoadState();
  await expect(checkout.getByRole('heading', { name: /^Subscribe to / })).toBeVisible();
  if (options.declineFirst) {
    await fillCard(checkout, DECLINED_CARD);
    await expect(checkout.getByText('Your card was declined.', { exact: false })).toBeVisible();
  }
  await fillCard(checkout, options.card ?? GOOD_CARD);
  await expect(checkout.getByRole('heading', { name: /^Receipt #/ })).toBeVisible();
  await checkout.close();
  // Back on the merchant's tab: the payment screen refreshes when the tab is shown again.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

/** yyyy-MM-dd of a local date. */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The next billing date the payment screen shows for a payment made at `from`: the
 * server's same day next month in UTC, clamped to the month's last day (31 January ->
 * 28/29 February, as billing/local-provider.ts addMonths), shown as a local date.
 */
export function inOneMonth(from = new Date()): string {
  const day = from.getUTCDate();
  const next = new Date(from.getTime());
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return isoDate(next);
}

/** The subscription card shows an active subscription with its next billing date. */
export async function expectActive(page: Page) {
  const card = page.getByRole('article').filter({ hasText: 'You are subscribed to the' });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('Next billing date')).toBeVisible();
  await expect(card.getByText(inOneMonth())).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
}

export type CouponInput = {
  type:
    | 'Sitewide amount'
    | 'Sitewide percent'
    | 'Free shipping'
    | 'Sale amount'
    | 'Sale percent'
    | 'Other';
  savings?: string;
  minimum?: string;
  isRange?: boolean;
  description: string;
  /** The preview heading the form must show, e.g. 'UP TO £30 OFF'. */
  preview: string;
};

/** Adds a coupon on /coupons/add, checks the live preview, saves and lands on the list. */
export async function addCoupon(
  page: Page,
  brand: E2EBrand,
  coupon: CouponInput,
  options: { screenshot?: boolean } = {},
) {
  if (!page.url().endsWith('/coupons/add')) await page.goto(`${brand.origin}/coupons/add`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your coupon information' }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Offer Type' }).click();
  await page.getByRole('option', { name: coupon.type, exact: true }).click();
  if (coupon.savings !== undefined)
    await page.getByRole('textbox', { name: 'Savings', exact: true }).fill(coupon.savings);
  if (coupon.minimum !== undefined) await page.getByLabel('Min Order Amount').fill(coupon.minimum);
  if (coupon.isRange) await page.getByLabel('Is Savings Range').check();
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill(coupon.description);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: coupon.preview, exact: true })).toBeVisible();
  await expect(preview.getByText(coupon.description)).toBeVisible();
  if (options.screenshot) await capture(page, brand, 'coupon-add');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Coupon created successfully')).toBeVisible();
  await expect(page).toHaveURL(`${brand.origin}/coupons`);
  await expect(page.getByRole('article').filter({ hasText: coupon.description })).toBeVisible();
}

/** The coupon descriptions in the order the list shows them. */
export async function shownDescriptions(page: Page): Promise<string[]> {
  const texts = await page.getByRole('article').allInnerTexts();
  return texts.map((text) => /E2E [^\n]*?coupon \d+/.exec(text)?.[0] ?? text);
}

/** Reorders by keyboard: focus the handle, space to lift, arrow down, space to drop. */
export async function moveDownByKeyboard(page: Page, position: number, total: number) {
  const handle = page.getByRole('button', {
    name: new RegExp(`^Move coupon ${position} of ${total}:`),
  });
  // Each key waits for the list's own announcement: a key pressed while the lift is still
  // starting (a busy machine) is dropped by the list, as it would be for a person.
  const announcement = page.locator('[id^="rfd-announcement-"]');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(announcement).toContainText(`You have lifted an item in position ${position}`);
  await page.keyboard.press('ArrowDown');
  await expect(announcement).toContainText(`You have moved the item from position ${position}`);
  await page.keyboard.press('Space');
  await expect(announcement).toContainText('You have dropped the item');
}

/** Reorders with the mouse: drags a handle below the next row. */
export async function dragBelowNext(page: Page, position: number, total: number) {
  const handle = page.getByRole('button', {
    name: new RegExp(`^Move coupon ${position} of ${total}:`),
  });
  const next = page.getByRole('button', {
    name: new RegExp(`^Move coupon ${position + 1} of ${total}:`),
  });
  const from = await handle.boundingBox();
  const to = await next.boundingBox();
  if (!from || !to) throw new Error('drag handles are not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 20, { steps: 20 });
  await page.mouse.up();
}

/** Saves a changed order and waits for the toast. */
export async function saveOrder(page: Page) {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes were saved successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
}

/**
 * Cancels through the confirm dialog and checks 'Cancelled on' and the status word in
 * the brand's spelling ('Cancelled' on the UK site, 'Canceled' on the US sites), and that
 * the page stays live until the paid month ends; answers the button that resumes it.
 */
export async function cancelSubscription(
  page: Page,
  product: string,
  statusWord: 'Cancelled' | 'Canceled',
) {
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel Subscription?' });
  await expect(dialog).toContainText(
    `Are you sure you want to cancel your subscription to ${product}?`,
  );
  await dialog.getByRole('button', { name: 'No, go back' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel' }).click();
  const card = page.getByRole('article').filter({ hasText: 'You are subscribed to the' });
  await expect(card.getByText('Cancelled on')).toBeVisible();
  await expect(card.getByText(isoDate(new Date()))).toBeVisible();
  await expect(card.getByText(statusWord, { exact: true })).toBeVisible();
  await expect(card.getByText('Next billing date')).toHaveCount(0);
  await expect(card.getByText(/^Your page stays live until \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  return card.getByRole('button', { name: 'Reactivate Subscription' });
}

/** Every 'View Receipt' link of the order history opens a receipt, and every 'Download invoice' link a PDF. */
export async function expectReceipts(page: Page, request: APIRequestContext, count: number) {
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: /^View Receipt/ })).toHaveCount(count);
  for (const link of await table.getByRole('link', { name: /^View Receipt/ }).all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    const href = await link.getAttribute('href');
    const response = await request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('Receipt #');
  }
  // Each order has its invoice as a PDF, named by its number.
  const invoices = table.getByRole('link', { name: /^Download invoice/ });
  await expect(invoices).toHaveCount(count);
  for (const link of await invoices.all()) {
    const response = await request.get((await link.getAttribute('href')) ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toMatch(
      /^attachment; filename="(VN|PP|DD)-\d{6}\.pdf"$/,
    );
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
}
