import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { BRANDS, type E2EBrand } from './support/brands';
import { addCouponByApi, approveAsStaff, merchantWithStore } from './support/api-merchant';
import { clearOfMidnight, logIn, uniqueEmail, uniqueTag, utcDay } from './support/helpers';
import {
  cancelSubscription,
  PASSWORD,
  payInCheckout,
  RENEWAL_FAILS_CARD,
} from './support/merchant-journey';
import { ownServer } from './support/own-server';

/**
 * The lifecycle mails as a merchant gets them: this journey runs its own server (fresh
 * data, ports of its own; E2E_LIFECYCLE_MAIL_PORT moves them) that sends through SMTP
 * to a real receiver the journey runs, and reads each mail from there.
 *
 * "Payment failed" comes from a renewal, due a month after the payment: the journey
 * restarts its server with libfaketime preloaded (Debian's faketime, which `npm test`
 * installs) and the date 32 days on, so the renewal runs and fails on a card that fails
 * renewals.
 */
const API_PORT = Number(process.env.E2E_LIFECYCLE_MAIL_PORT ?? 4400);
const origin = (client: number) => `http://localhost:${API_PORT + client}`;
/** The server's API port, as the staff console calls it. */
const API_ORIGIN = `http://localhost:${API_PORT}`;
const brands: E2EBrand[] = BRANDS.map((brand) => ({
  ...brand,
  origin: origin(brand.config.clientId),
}));

type Mail = {
  to: string[];
  subject: string;
  text: string;
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
};

/** A real SMTP receiver on loopback for this file: listening before the server starts, closed after the file. */
function smtpInbox() {
  const mails: Mail[] = [];
  const state = { url: '' };
  const header = (lines: readonly { key: string; line: string }[], key: string) => {
    const found = lines.find((line) => line.key === key)?.line;
    return found
      ? found
          .slice(found.indexOf(':') + 1)
          .replace(/\r?\n\s+/g, ' ')
          .trim()
      : null;
  };
  const receiver = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            listUnsubscribe: header(parsed.headerLines, 'list-unsubscribe'),
            listUnsubscribePost: header(parsed.headerLines, 'list-unsubscribe-post'),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  test.beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    state.url = `smtp://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  return {
    state,
    /** The one mail to `to` whose subject is `subject`, waiting until it arrives. */
    async mail(to: string, subject: string): Promise<Mail> {
      const sent = () => mails.filter((mail) => mail.to.includes(to) && mail.subject === subject);
      await expect
        .poll(() => sent().length, { timeout: 30_000, message: `mail "${subject}" to ${to}` })
        .toBeGreaterThan(0);
      // No second mail for the same event.
      expect(sent()).toHaveLength(1);
      return sent()[0] as Mail;
    },
    subjectsTo: (to: string) =>
      mails.filter((mail) => mail.to.includes(to)).map((mail) => mail.subject),
  };
}

const inbox = smtpInbox();
const server = ownServer({
  apiPort: API_PORT,
  origins: { 7: origin(7), 8: origin(8), 10: origin(10) },
  label: 'lifecycle-mail',
  env: () => ({ SMTP_URL: inbox.state.url }),
});

/** A merchant with a store and three coupons (one ending in two days, one that ended yesterday, one open-ended), made through the API as the screens send them. */
async function merchantWithCoupons(request: APIRequestContext, brand: E2EBrand, email: string) {
  const merchant = await merchantWithStore(request, brand, {
    email,
    name: `Lantern Mail ${uniqueTag()}`,
    website: 'https://lantern-mail.example.com',
    // This server sends its mail through SMTP: the link comes from the inbox, not the mailbox page.
    verificationLink: async () => {
      const verify = await inbox.mail(email, `Verify your email for ${brand.config.siteName}`);
      return /\S+\/auth\/verify-email\?token=\S+/.exec(verify.text)?.[0] ?? '';
    },
  });
  const coupon = (fields: Record<string, unknown>) =>
    addCouponByApi(request, brand, merchant, {
      destination_coupon_url: 'https://lantern-mail.example.com/offers',
      offer_type: 'free_shipping',
      ...fields,
    });
  const expiring = await coupon({
    description: 'Free delivery until the weekend',
    start_date: utcDay(-3),
    expiration_date: utcDay(2),
  });
  const expired = await coupon({
    description: 'Free delivery last week only',
    start_date: utcDay(-8),
    expiration_date: utcDay(-1),
  });
  await coupon({ description: 'Free delivery on every order', start_date: utcDay(-3) });
  return { ...merchant.store, expiring, expired };
}

/** The mail's one action link, from its plain-text part ("<action>: <link>"). */
function actionLink(mail: Mail, action: string): string {
  const line = mail.text.split(/\n+/).find((text) => text.startsWith(`${action}: `));
  expect(line, `"${action}" in:\n${mail.text}`).toBeDefined();
  return (line ?? '').slice(action.length + 2).trim();
}

/** Opens a mail's link in the merchant's browser: it lands on `path`, still signed in (the nav's Logout is there). */
async function follow(page: Page, brand: E2EBrand, link: string, path: string) {
  expect(link.startsWith(`${brand.origin}${path}`), link).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(`${brand.origin}${path}`);
  await expect(
    page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Logout' }),
  ).toBeVisible();
}

function notificationBox(page: Page, label: string | RegExp) {
  return page
    .getByRole('group', { name: 'Email notifications' })
    .getByRole('checkbox', { name: label });
}

for (const brand of brands) {
  test(`${brand.config.appName} lifecycle mails: receipt, coupon expiring and expired, weekly summary with one-click unsubscribe, subscription cancelled, through SMTP`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const { appName, siteName, locale } = brand.config;
    const noun = (brand.config.discountText ?? 'Coupon').toLowerCase();
    const nouns = (brand.config.discountsText ?? 'Coupons').toLowerCase();
    const longDate = (day: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      );
    // The expiry mails name the days the coupons were made on.
    await clearOfMidnight();
    const email = uniqueEmail(`mail-${brand.key}`);
    const store = await merchantWithCoupons(request, brand, email);

    // The payment: a receipt, with no unsubscribe (it is not optional).
    await logIn(page, brand, email, PASSWORD);
    await page.goto(`${brand.origin}/payment`);
    await payInCheckout(
      page,
      page.getByRole('article').getByRole('link', { name: 'Subscribe Now' }),
      { declineFirst: false },
    );
    await expect(page.getByText(/^You are subscribed to the /)).toBeVisible();
    const receipt = await inbox.mail(email, `Your ${siteName} receipt for ${brand.price}`);
    expect(receipt.text).toContain(
      `Thank you: we received your payment of ${brand.price} for the ${appName} Merchant Page of ${store.name}.`,
    );
    expect(receipt.text).toContain(`${appName} (${siteName})`);
    expect(receipt.listUnsubscribe).toBeNull();
    const receiptLink = actionLink(receipt, 'View your receipt');
    expect(receiptLink).toMatch(new RegExp(`^${brand.origin}/checkout/receipts/`));
    await page.goto(receiptLink);
    await expect(page.getByRole('heading', { name: /^Receipt #/ })).toBeVisible();
    await expect(page.getByText(brand.price).first()).toBeVisible();

    await approveAsStaff(request, API_ORIGIN, store.id);

    // The owner turns the weekly summary on; the coupon mails are on by default.
    await page.goto(`${brand.origin}/my-store`);
    await expect(notificationBox(page, `When one of my ${nouns} expires in 3 days`)).toBeChecked();
    await expect(notificationBox(page, `When one of my ${nouns} has expired`)).toBeChecked();
    const weekly = notificationBox(
      page,
      "A weekly summary of my page's views, code reveals and clicks",
    );
    await expect(weekly).not.toBeChecked();
    // The box follows the saved preferences: it shows ticked once the save has started.
    await weekly.click();
    await expect(weekly).toBeChecked();
    await expect(page.getByText('Email notifications saved successfully')).toBeVisible();
    await page.reload();
    await expect(weekly).toBeChecked();

    // The scan runs when a server is ready (then hourly): a restart, as a deployment does.
    await server.restart();

    const expiring = await inbox.mail(
      email,
      `Your ${noun} "Free delivery until the weekend" expires on ${longDate(utcDay(2))}`,
    );
    expect(expiring.text).toContain(
      `Your ${noun} "Free delivery until the weekend" for ${store.name} on ${siteName} expires in 2 days: ${longDate(utcDay(2))} is the last day it shows.`,
    );
    expect(expiring.text).toContain(`${appName} (${siteName})`);
    expect(expiring.listUnsubscribe).toMatch(
      new RegExp(`^<${brand.origin}/api/v1/mail/unsubscribe\\?token=`),
    );
    expect(expiring.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    await follow(
      page,
      brand,
      actionLink(expiring, `Edit your ${noun}`),
      `/coupons/${store.expiring}`,
    );
    await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
      'Free delivery until the weekend',
    );

    const expired = await inbox.mail(
      email,
      `Your ${noun} "Free delivery last week only" has expired`,
    );
    expect(expired.text).toContain(`${appName} (${siteName})`);
    expect(expired.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    await follow(page, brand, actionLink(expired, `See your ${nouns}`), '/coupons');
    await expect(page.getByRole('heading', { level: 1, name: 'My coupons' })).toBeVisible();

    const summary = await inbox.mail(email, `Your week on ${siteName}: 0 views`);
    expect(summary.text).toContain(`${appName} (${siteName})`);
    await follow(page, brand, actionLink(summary, 'See your insights'), '/insights');
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

    // One-click unsubscribe, as a mail client posts it (RFC 8058): no sign-in, the box is unticked.
    const unsubscribeUrl = /^<([^>]+)>$/.exec(summary.listUnsubscribe ?? '')?.[1] ?? '';
    expect(summary.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    const unsubscribed = await fetch(unsubscribeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    await page.goto(`${brand.origin}/my-store`);
    await expect(weekly).not.toBeChecked();
    await expect(notificationBox(page, `When one of my ${nouns} expires in 3 days`)).toBeChecked();

    // Cancelling on the payment screen keeps the paid month: the cancellation is mailed when it ends
    // (apps/server/test/billing-mail.test.ts, on the movable clock), not now.
    await page.goto(`${brand.origin}/payment`);
    await cancelSubscription(
      page,
      `${appName} Merchant Page`,
      brand.config.clientId === 7 ? 'Cancelled' : 'Canceled',
    );

    // Each event was mailed once, besides the sign-up's verification and the review's approval, and nothing else.
    expect(inbox.subjectsTo(email).sort()).toEqual(
      [
        `Verify your email for ${siteName}`,
        `Your store page is live on ${siteName}`,
        receipt.subject,
        expiring.subject,
        expired.subject,
        summary.subject,
      ].sort(),
    );
  });
}

/** libfaketime (Debian's faketime package): preloaded, it moves the date a process sees. */
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const hasFaketime = existsSync(LIBFAKETIME);

for (const brand of brands) {
  test(`${brand.config.appName} payment failed mail: a renewal a month on fails, the mail leads to /payment`, async ({
    page,
    request,
  }) => {
    test.skip(!hasFaketime, 'faketime is not installed (apt-get install -y faketime)');
    test.setTimeout(180_000);
    const { appName, siteName } = brand.config;
    const email = uniqueEmail(`failed-${brand.key}`);
    const store = await merchantWithCoupons(request, brand, email);
    await logIn(page, brand, email, PASSWORD);
    await page.goto(`${brand.origin}/payment`);
    await payInCheckout(
      page,
      page.getByRole('article').getByRole('link', { name: 'Subscribe Now' }),
      {
        declineFirst: false,
        card: RENEWAL_FAILS_CARD,
      },
    );
    await inbox.mail(email, `Your ${siteName} receipt for ${brand.price}`);

    // A month and a bit later, as the server sees it: the renewal job charges the card and fails.
    // The merchant's tab leaves the app meanwhile, so it makes no call a month on (its tokens
    // would have expired by then).
    await page.goto('about:blank');
    let link = '';
    try {
      await server.restart({
        env: {
          LD_PRELOAD: LIBFAKETIME,
          FAKETIME: '+32d',
          FAKETIME_DONT_FAKE_MONOTONIC: '1',
          BILLING_RENEWAL_INTERVAL_MS: '1000',
        },
      });
      const failed = await inbox.mail(email, `Your ${siteName} payment failed`);
      expect(failed.text).toContain(
        `We could not take the payment for the ${appName} Merchant Page of ${store.name}, so your subscription is past due.`,
      );
      expect(failed.text).toContain(`${appName} (${siteName})`);
      expect(failed.listUnsubscribe).toBeNull();
      link = actionLink(failed, 'Reactivate your subscription');
    } finally {
      // Back to today's date for the merchant's browser session and the journeys after this one.
      await server.restart();
    }
    // A month on, the server's retention job purged the session whose refresh token had
    // expired (30 days): the merchant signs in again, then follows the mail's link.
    await logIn(page, brand, email, PASSWORD);
    await follow(page, brand, link, '/payment');
    await expect(page.getByRole('article').getByText('Past due', { exact: true })).toBeVisible();
  });
}
