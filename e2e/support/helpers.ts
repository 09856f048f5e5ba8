import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_API_PORT } from './ports.mjs';
import type { E2EBrand } from './brands';

const API = `http://127.0.0.1:${E2E_API_PORT}`;

/** A short random tag no other journey (in this worker or another) draws, e.g. for names and addresses. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
}

/** An address no other journey uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${uniqueTag()}@e2e.test`;
}

const DAY_MS = 24 * 3600 * 1000;

/** yyyy-MM-dd, UTC, `days` from today. */
export function utcDay(days = 0): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * For journeys that compare dates they computed with dates the server computes later
 * ("Ends today", a CSV named after today): when less than `marginMs` is left of the UTC
 * day, waits for the next one (and gives the test that long more), so both sides see
 * the same day.
 */
export async function clearOfMidnight(marginMs = 5 * 60_000) {
  const left = DAY_MS - (Date.now() % DAY_MS);
  if (left >= marginMs) return;
  const info = test.info();
  info.setTimeout(info.timeout + left + 5_000);
  await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

type MailboxMessage = {
  to: string;
  kind: string;
  subject: string;
  links: string[];
  created_at: string;
};

/**
 * The newest link of the given kind sent to an address, from the server's local mailbox
 * (the shared journey server's, or the one serving `origin`: a journey with a server of its own).
 */
export async function mailLink(
  request: APIRequestContext,
  to: string,
  pathPart: string,
  origin = API,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${origin}/dev/mailbox.json`);
        const { results } = (await response.json()) as { results: MailboxMessage[] };
        found = results
          .filter((message) => message.to === to)
          .flatMap((message) => message.links)
          .find((link) => link.includes(pathPart));
        return found ?? null;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return found ?? '';
}

/** Registers through the API (as the register screen does) and answers the new merchant's token. */
export async function registerByApi(
  request: APIRequestContext,
  brand: E2EBrand,
  email: string,
  password: string,
): Promise<string> {
  const response = await request.post(`${brand.origin}/api/v1/auth/email-register/`, {
    headers: { 'x-site-key': String(brand.config.clientId), 'x-coupon-center': '1' },
    data: {
      email,
      password,
      siteId: brand.config.clientId,
      type: 2,
      first_name: 'N/A',
      last_name: 'N/A',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** Follows a verification link (`/auth/verify-email?token=…`) as the verify-email screen does. */
export async function verifyByApi(
  request: APIRequestContext,
  brand: E2EBrand,
  link: string,
): Promise<void> {
  const token = new URL(link).searchParams.get('token') ?? '';
  const response = await request.post(`${brand.origin}/api/v1/auth/verify-email/`, {
    headers: { 'x-site-key': String(brand.config.clientId), 'x-coupon-center': '1' },
    data: { token },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the login screen and waits for /my-store. */
export async function logIn(page: Page, brand: E2EBrand, email: string, password: string) {
  await page.goto(`${brand.origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
  await expect(page).toHaveURL(`${brand.origin}/my-store`);
}

/**
 * Where journey screenshots go: test-results/screenshots/ (gitignored), so a test run
 * leaves the tree clean, or the folder E2E_SCREENSHOTS_DIR names (relative to the
 * repository root); `pnpm screenshots` sets it to docs/screenshots to refresh those.
 */
const SCREENSHOTS_DIR = resolve(
  fileURLToPath(new URL('../..', import.meta.url)),
  process.env.E2E_SCREENSHOTS_DIR || 'test-results/screenshots',
);

/** Saves a screenshot of the page under SCREENSHOTS_DIR/<brand>/. */
export async function snap(
  page: Page,
  brand: E2EBrand,
  name: string,
  options: { fullPage?: boolean } = {},
) {
  await snapIn(page, brand.key, name, options);
}

/**
 * What differs from run to run on a journey's screen, hidden in its compared picture: the
 * addresses, names and codes made unique per run, and dates, times and the year from the real
 * clock.
 */
const CHANGING_TEXT = [
  /@e2e\.test/,
  /[0-9a-z]{8}[0-9a-f]{8}/,
  /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/,
  /\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/,
  /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}(, \d{4})?\b/,
  /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/,
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/,
  /\b\d{4}-\d{2}-\d{2}\b/,
  /\b\d{1,2}:\d{2}\b/,
  /© \d{4}/,
];

/**
 * Saves a screenshot of the page under SCREENSHOTS_DIR/<folder>/ (a brand's, or `review` for the
 * staff console) and compares it with its accepted picture, visual/journeys/<folder>/<name>.png
 * (playwright.config.ts) when E2E_COMPARE_SCREENS=1, with what changes per run masked
 * (docs/testing.md, "The journeys' screens"); `--update-snapshots` makes the pictures of now the
 * accepted ones.
 */
export async function snapIn(
  page: Page,
  folder: string,
  name: string,
  options: { fullPage?: boolean } = {},
) {
  const dir = resolve(SCREENSHOTS_DIR, folder);
  mkdirSync(dir, { recursive: true });
  const fullPage = options.fullPage ?? true;
  await page.screenshot({ path: resolve(dir, `${name}.png`), fullPage });
  // Compared only when asked for (E2E_COMPARE_SCREENS=1): not yet in npm test, since a masked
  // text's box still varies with the text's length (docs/testing.md).
  if (process.env.E2E_COMPARE_SCREENS !== '1') return;
  await expect.soft(page).toHaveScreenshot([folder, `${name}.png`], {
    fullPage,
    // The app's version changes with every release; a chart's axis names the days of now.
    mask: [
      ...CHANGING_TEXT.map((text) => page.getByText(text)),
      page.getByLabel(/^Version /),
      page.locator('canvas'),
    ],
    animations: 'disabled',
    caret: 'hide',
  });
}

/** Waits until the app has taken over the prerendered landing page (its scripts load after it). */
export async function waitForApp(page: Page) {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}
