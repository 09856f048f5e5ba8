import { expect, test, type Page } from '@playwright/test';
import { BRANDS, demoLogin, E2E_API_PORT, UK } from './support/brands';
import { logIn, waitForApp } from './support/helpers';

const API = `http://localhost:${E2E_API_PORT}`;

/**
 * Everything the browser refused under the page's Content-Security-Policy: the
 * `securitypolicyviolation` events (recorded by a script the browser injects, which the
 * policy does not govern) and the console's "Refused to ..." lines.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return async () => [
    ...console,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )),
  ];
}

function expectPolicy(header: string | undefined) {
  expect(header).toContain("script-src 'self'");
  expect(header).toContain("frame-ancestors 'none'");
  expect(header).not.toMatch(/script-src[^;]*'unsafe-inline'/);
}

for (const brand of BRANDS) {
  test(`${brand.config.appName}: the prerendered landing page and the visitor screens run under the Content-Security-Policy`, async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    const landing = await page.goto(brand.origin);
    expectPolicy(landing?.headers()['content-security-policy']);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).first().click();
    await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();
    await page.goto(`${brand.origin}/register`);
    await expect(page.getByRole('heading', { name: 'Create your coupon page' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
}

test('the merchant screens, the review console and the API docs run under the Content-Security-Policy', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const demo = demoLogin(UK);
  await logIn(page, UK, demo.email, demo.password);
  for (const path of ['/my-store', '/coupons/add', '/payment']) {
    await page.goto(`${UK.origin}${path}`);
    await expect(page.getByRole('main')).toBeVisible();
  }
  const review = await page.goto(`${API}/review/`);
  expectPolicy(review?.headers()['content-security-policy']);
  await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();
  const docs = await page.goto(`${API}/api/v1/docs/`);
  expectPolicy(docs?.headers()['content-security-policy']);
  await expect(page.getByText('Coupon Center API')).toBeVisible();
  expect(await violations()).toEqual([]);
});
