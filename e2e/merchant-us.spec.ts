import { expect, test } from '@playwright/test';
import { BRANDS } from './support/brands';
import {
  addCoupon,
  cancelSubscription,
  capture,
  createStore,
  expectActive,
  expectReceipts,
  moveDownByKeyboard,
  payInCheckout,
  registerAndVerify,
  saveOrder,
  shownDescriptions,
} from './support/merchant-journey';

for (const brand of BRANDS.filter((candidate) => candidate.key !== 'uk')) {
  const product = `${brand.config.appName} Merchant Page`;
  const symbol = brand.config.currencySymbol;

  test(`${brand.config.appName} merchant: store with logo, payment, coupons, keyboard reorder, cancel`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const email = await registerAndVerify(page, browser, request, brand);
    await createStore(page, brand, {
      name: `${brand.config.appName} Outlet ${Date.now().toString(36)}`,
      email,
      screenshots: true,
    });

    const plan = page.getByRole('article', { name: product });
    await expect(plan.getByText(brand.price)).toBeVisible();
    await capture(page, brand, 'payment-plan');
    await payInCheckout(page, plan.getByRole('link', { name: 'Subscribe Now' }), {
      declineFirst: true,
    });
    await expectActive(page);
    await expectReceipts(page, request, 1);
    await capture(page, brand, 'payment-active');

    await page.getByRole('banner').getByRole('link', { name: 'My Store' }).click();
    await expect(page.getByText('Your store page is being reviewed')).toBeVisible();
    await capture(page, brand, 'my-store');

    await page.getByRole('banner').getByRole('link', { name: 'My coupons' }).click();
    await expect(page).toHaveURL(`${brand.origin}/coupons/add`);
    await addCoupon(
      page,
      brand,
      {
        type: 'Sitewide amount',
        savings: '15',
        description: 'E2E coupon 1',
        preview: `${symbol}15 OFF`,
      },
      { screenshot: true },
    );
    await addCoupon(page, brand, {
      type: 'Free shipping',
      minimum: '25',
      description: 'E2E coupon 2',
      preview: 'Free Shipping',
    });
    await addCoupon(page, brand, {
      type: 'Sale percent',
      savings: '25',
      isRange: true,
      description: 'E2E coupon 3',
      preview: 'UP TO 25% OFF',
    });
    await expect(page.getByRole('link', { name: 'NEED HELP?' })).toHaveAttribute(
      'href',
      `mailto:${brand.config.helpEmail ?? ''}`,
    );
    await capture(page, brand, 'coupons');

    await moveDownByKeyboard(page, 1, 3);
    await expect
      .poll(() => shownDescriptions(page))
      .toEqual(['E2E coupon 2', 'E2E coupon 1', 'E2E coupon 3']);
    await saveOrder(page);
    await page.reload();
    await expect
      .poll(() => shownDescriptions(page))
      .toEqual(['E2E coupon 2', 'E2E coupon 1', 'E2E coupon 3']);

    await page
      .getByRole('article')
      .filter({ hasText: 'E2E coupon 1' })
      .getByRole('link', { name: /^Edit coupon/ })
      .click();
    await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
      'E2E coupon 1',
    );
    await capture(page, brand, 'coupon-edit');

    await page.getByRole('banner').getByRole('link', { name: 'Payment' }).click();
    await expectActive(page);
    const reactivate = await cancelSubscription(page, product, 'Canceled');
    await expect(reactivate).toBeEnabled();
    await capture(page, brand, 'payment-canceled');
  });
}
