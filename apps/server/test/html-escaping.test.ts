import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Store } from '@cc/contract';
import {
  call,
  couponBody,
  describeEachDatabase,
  register,
  storeBody,
  uniqueEmail,
} from './helpers';
import { mailsTo } from './lifecycle-mail-fixtures';
import { openLink, planOf } from './fakes/checkout-browser';
import { staffToken, subscribe } from './review-fixtures';

/** Markup and quotes a merchant or staff member might type; every page must show them as text. */
const EVIL = '<script>alert(1)</script> "Quoted" & Co';
/** How EVIL reads in HTML text or an attribute value once escaped. */
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt; &quot;Quoted&quot; &amp; Co';

/** No text became markup: no script element but the page's own, no attribute broken out of. */
function expectEscaped(html: string, ownScripts = 0) {
  expect(html).not.toContain('<script>alert(1)');
  expect(html).not.toContain('"Quoted"');
  expect(html.match(/<script/g) ?? []).toHaveLength(ownScripts);
  expect(html).toContain(ESCAPED);
}

describeEachDatabase('server-rendered HTML shows typed text as text', (ctx) => {
  async function evilStore(): Promise<{ token: string; email: string; store: Store }> {
    const { app } = ctx();
    const email = uniqueEmail();
    const { token } = await register(app, email);
    const id = randomBytes(3).toString('hex');
    const body = { ...storeBody(`${EVIL} ${id}`), slug: `evil-${id}-voucher-codes` };
    const created = await call(app, 'POST', '/api/v1/stores/', { token, body });
    expect(created.statusCode, created.body).toBe(201);
    return { token, email, store: created.json<Store>() };
  }

  it('on the public page: the store name, a coupon title and its description', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token, store } = await evilStore();
    const coupon = couponBody(app.clock, { store: store.id, title: EVIL, description: EVIL });
    expect((await call(app, 'POST', '/api/v1/coupons/', { token, body: coupon })).statusCode).toBe(
      201,
    );
    await subscribe(app, store.id, 'active');
    expect(
      (await call(app, 'POST', `/api/v1/review/stores/${store.id}/approve/`, { token: staff }))
        .statusCode,
    ).toBe(200);
    const page = await call(app, 'GET', `/stores/${store.slug}`);
    expect(page.statusCode).toBe(200);
    // The JSON-LD and the page script's tag are the page's only scripts.
    expectEscaped(page.body, 2);
    expect(page.body).toContain(`<h1>${ESCAPED} `);
    expect(page.body).toContain(`<h2>${ESCAPED}</h2>`);
    expect(page.body).toContain(`<title>${ESCAPED} `);
  });

  it('in the approval and decline mails, whose text parts stay plain text', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const declined = await evilStore();
    await call(app, 'POST', `/api/v1/review/stores/${declined.store.id}/decline/`, {
      token: staff,
      body: { reason: EVIL },
    });
    const [decline] = await mailsTo(app, declined.email, 'store_declined');
    expectEscaped(decline?.htmlBody ?? '');
    expect(decline?.htmlBody).toContain(`<strong>Reason:</strong> ${ESCAPED}`);
    expect(decline?.textBody).toContain(`Reason: ${EVIL}`);

    const approved = await evilStore();
    await call(app, 'POST', `/api/v1/review/stores/${approved.store.id}/approve/`, {
      token: staff,
    });
    const [approval] = await mailsTo(app, approved.email, 'store_approved');
    expectEscaped(approval?.htmlBody ?? '');
    expect(approval?.textBody).toContain(`Good news: ${EVIL} `);
  });

  it('on the checkout page and in the local mailbox', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token, store } = await evilStore();
    const session = await openLink(app, (await planOf(app, token)).payment_link.url);
    const checkout = await call(app, 'GET', session);
    expect(checkout.statusCode).toBe(200);
    expectEscaped(checkout.body);
    expect(checkout.body).toContain(`For <strong>${ESCAPED} `);

    await call(app, 'POST', `/api/v1/review/stores/${store.id}/decline/`, {
      token: staff,
      body: { reason: EVIL },
    });
    const mailbox = await call(app, 'GET', '/dev/mailbox');
    expect(mailbox.statusCode).toBe(200);
    expectEscaped(mailbox.body);
    expect(mailbox.body).toContain(`Reason: ${ESCAPED}`);
  });
});
