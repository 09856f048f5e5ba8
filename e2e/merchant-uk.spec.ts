import { expect, test } from '@playwright/test';
import { UK } from './support/brands';
import {
  addCoupon,
  cancelSubscription,
  capture,
  createStore,
  dragBelowNext,
  expectActive,
  expectReceipts,
  moveDownByKeyboard,
  payInCheckout,
  registerAndVerify,
  saveOrder,
  shownDescriptions,
} from './support/merchant-journey';
import type { CouponInput } from './support/merchant-journey';

const brand = UK;
const PRODUCT = 'VoucherNest Merchant Page';

const EACH_TYPE: CouponInput[] = [
  { type: 'Sitewide percent', savings: '20', description: 'E2E coupon 1', preview: '20% OFF' },
  { type: 'Sitewide amount', savings: '15', description: 'E2E coupon 2', preview: '£15 OFF' },
  { type: 'Free shipping', minimum: '50', description: 'E2E coupon 3', preview: 'Free Shipping' },
  {
    type: 'Sale amount',
    savings: '30',
    isRange: true,
    description: 'E2E coupon 4',
    preview: 'UP TO £30 OFF',
  },
  { type: 'Sale percent', savings: '40', description: 'E2E coupon 5', preview: '40% OFF' },
  { type: 'Other', description: 'E2E coupon 6', preview: 'Sale' },
];

test('UK merchant: store with logo, payment, ten coupons, reorder, edit, delete, cancel and reactivate', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const email = await registerAndVerify(page, browser, request, brand);
  const storeName = `Harbour Books ${Date.now().toString(36)}`;

  // My store, then the payment screen.
  await createStore(page, brand, { name: storeName, email, screenshots: true });
  await expect(page.getByRole('heading', { level: 1, name: 'PAYMENT' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'PAYMENT DETAILS' })).toBeVisible();
  const plan = page.getByRole('article', { name: PRODUCT });
  await expect(plan.getByText('£19.99')).toBeVisible();
  await expect(plan.getByText(/priority support/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Order History' })).toHaveCount(0);
  await capture(page, brand, 'payment-plan');

  // The local checkout in a new tab: declined, then paid.
  await payInCheckout(page, plan.getByRole('link', { name: 'Subscribe Now' }), {
    declineFirst: true,
  });
  await expect(
    page.getByText(`You are subscribed to the ${PRODUCT} with all features.`),
  ).toBeVisible();
  await expectActive(page);
  await expectReceipts(page, request, 1);
  await capture(page, brand, 'payment-active');

  // The store page under review.
  await page.getByRole('banner').getByRole('link', { name: 'My Store' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Store' })).toBeVisible();
  await expect(page.getByText('Your store page is being reviewed')).toBeVisible();
  await expect(page.getByRole('img', { name: `${storeName} logo preview` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'SAVE CHANGES' })).toBeVisible();
  await capture(page, brand, 'my-store');

  // No coupons yet: the list goes to the form. One coupon of each offer type, each previewed.
  await page.getByRole('banner').getByRole('link', { name: 'My coupons' }).click();
  await expect(page).toHaveURL(`${brand.origin}/coupons/add`);
  for (const [index, coupon] of EACH_TYPE.entries()) {
    await addCoupon(page, brand, coupon, { screenshot: index === 0 });
    if (index === 0) {
      await expect(page.getByText(/Drag a coupon by its handle/)).toHaveCount(0);
      await capture(page, brand, 'coupons-one');
    }
  }
  await expect(page.getByText(/Drag a coupon by its handle/)).toBeVisible();
  for (let n = 7; n <= 10; n += 1) {
    await expect(page.getByRole('link', { name: 'Add coupon' })).toBeVisible();
    await addCoupon(page, brand, {
      type: 'Sitewide percent',
      description: `E2E coupon ${n}`,
      preview: '20% OFF',
    });
  }

  // Ten: the add button is greyed and inert, and an eleventh is refused.
  await expect(page.getByRole('article')).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Add coupon' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Add coupon' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'NEED HELP?' })).toHaveAttribute(
    'href',
    'mailto:help@vouchernest.co.uk',
  );
  await capture(page, brand, 'coupons');
  await page.goto(`${brand.origin}/coupons/add`);
  await expect(page.getByText('A store can have at most 10 coupons.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await capture(page, brand, 'coupon-add-refused');
  const refused = await page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('cc_user') ?? '{}') as {
      token?: string;
      store?: { id: number };
    };
    const response = await fetch('/api/v1/coupons/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token ?? ''}` },
      body: JSON.stringify({
        offer_type: 'other',
        description: 'Eleventh',
        store: user.store?.id,
        approved: true,
      }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  });
  expect(refused).toEqual({
    status: 400,
    body: expect.objectContaining({
      non_field_errors: ['A store can have at most 10 coupons.'],
    }) as unknown,
  });

  // Reorder by drag and by keyboard, save, reload: the order is kept.
  await page.goto(`${brand.origin}/coupons`);
  // The list renders after its data arrives; wait for it before reading the order.
  await expect(page.getByRole('article')).toHaveCount(10);
  const before = await shownDescriptions(page);
  expect(before.slice(0, 3)).toEqual(['E2E coupon 1', 'E2E coupon 2', 'E2E coupon 3']);
  await dragBelowNext(page, 1, 10);
  await expect
    .poll(() => shownDescriptions(page).then((order) => order.slice(0, 3)))
    .toEqual(['E2E coupon 2', 'E2E coupon 1', 'E2E coupon 3']);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await moveDownByKeyboard(page, 2, 10);
  await expect
    .poll(() => shownDescriptions(page).then((order) => order.slice(0, 3)))
    .toEqual(['E2E coupon 2', 'E2E coupon 3', 'E2E coupon 1']);
  await saveOrder(page);
  const saved = await shownDescriptions(page);
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(10);
  expect(await shownDescriptions(page)).toEqual(saved);

  // Edit one.
  await page
    .getByRole('article')
    .filter({ hasText: 'E2E coupon 4' })
    .getByRole('link', { name: /^Edit coupon/ })
    .click();
  await expect(page).toHaveURL(/\/coupons\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
    'E2E coupon 4',
  );
  await expect(page.getByRole('combobox', { name: 'Offer Type' })).toHaveText(/Sale amount/);
  await expect(page.getByLabel('Is Savings Range')).toBeChecked();
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'UP TO £30 OFF' }),
  ).toBeVisible();
  await capture(page, brand, 'coupon-edit');
  await page.getByRole('textbox', { name: 'Savings', exact: true }).fill('35');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('E2E edited coupon 4');
  await page.getByLabel('No Expiration Date').check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Changes saved successfully')).toBeVisible();
  await expect(page).toHaveURL(`${brand.origin}/coupons`);
  const edited = page.getByRole('article').filter({ hasText: 'E2E edited coupon 4' });
  await expect(edited.getByRole('heading', { name: 'UP TO £35 OFF' })).toBeVisible();
  await expect(edited.getByText('No expiration date.')).toBeVisible();

  // Delete one: nine left, and the add button is back.
  await page
    .getByRole('button', { name: /^Delete coupon/ })
    .first()
    .click();
  await expect(page.getByRole('alertdialog', { name: 'Delete coupon?' })).toBeVisible();
  await capture(page, brand, 'coupon-delete-dialog');
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('article')).toHaveCount(9);
  await expect(page.getByRole('link', { name: 'Add coupon' })).toBeVisible();

  // Cancel: the paid month runs on; reactivating before it ends resumes the same subscription, no new charge.
  await page.getByRole('banner').getByRole('link', { name: 'Payment' }).click();
  await expectActive(page);
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await capture(page, brand, 'payment-cancel-dialog');
  await page.getByRole('button', { name: 'No, go back' }).click();
  const reactivate = await cancelSubscription(page, PRODUCT, 'Cancelled');
  await capture(page, brand, 'payment-canceled');
  await reactivate.click();
  await expect(page.getByText('Your subscription was resumed.')).toBeVisible();
  await expectActive(page);
  await expectReceipts(page, request, 1);
  await expect(page.getByRole('table').getByRole('cell', { name: /^#\d+$/ })).toHaveCount(1);
});
