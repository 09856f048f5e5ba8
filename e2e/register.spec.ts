import { expect, test } from '@playwright/test';
import { BRANDS } from './support/brands';
import { snap, uniqueEmail } from './support/helpers';

for (const brand of BRANDS) {
  test(`register on ${brand.config.appName}: short password, then /my-store, then the duplicate message`, async ({
    page,
  }) => {
    const email = uniqueEmail(`register-${brand.key}`);
    await page.goto(`${brand.origin}/register`);
    await expect(page.getByRole('heading', { name: 'Create your coupon page' })).toBeVisible();
    // Under the form: the spec's privacy-policy link beside the terms; the footer has both too.
    const form = page.getByRole('main');
    await expect(form.getByRole('link', { name: 'Privacy policy', exact: true })).toHaveAttribute(
      'href',
      brand.config.privacyPolicyUrl ?? '',
    );
    await expect(form.getByRole('link', { name: 'Terms', exact: true })).toHaveAttribute(
      'href',
      brand.config.termsUrl ?? '',
    );
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy policy', exact: true })).toHaveAttribute(
      'href',
      brand.config.privacyPolicyUrl ?? '',
    );
    await expect(footer.getByRole('link', { name: 'Terms', exact: true })).toHaveAttribute(
      'href',
      brand.config.termsUrl ?? '',
    );
    await snap(page, brand, 'register');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await expect(page.getByText('Password should be at least 6 characters long')).toBeVisible();
    await snap(page, brand, 'register-errors');

    // One of the most common passwords is refused under the field.
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await expect(page.getByText('This password is too common.')).toBeVisible();

    await page.getByLabel('Password').fill('shop-secret-12');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await expect(page).toHaveURL(`${brand.origin}/my-store`);
    await expect(
      page.getByRole('heading', { name: `ADD YOUR STORE TO ${brand.config.siteName}` }),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible();

    // Same address again, signed out: the server answers 409.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${brand.origin}/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('shop-secret-12');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await expect(page.getByRole('alert')).toContainText('A user with this email already exists');
    await snap(page, brand, 'register-duplicate');
  });
}
