import { expect, it } from 'vitest';
import { smtpSender } from '../src/mail/worker';
import { decodeQuotedPrintable, smtpReceiver } from './fakes/smtp-receiver';
import { call, describeEachDatabase, storeBody, uniqueEmail, TEST_SENDERS } from './helpers';
import { staffToken } from './review-fixtures';

const { received, state } = smtpReceiver();

describeEachDatabase('review emails through SMTP', (ctx) => {
  const deliver = () =>
    ctx()
      .app.outbox.worker({ send: smtpSender({ url: state.url, from: TEST_SENDERS }) })
      .runOnce();

  async function merchant(client: 7 | 8) {
    const email = uniqueEmail();
    const headers = { 'x-site-key': String(client) };
    const registered = await call(ctx().app, 'POST', '/api/v1/auth/email-register/', {
      headers,
      body: { email, password: 'shop-secret-123' },
    });
    const token = registered.json<{ token: string }>().token;
    const base = storeBody();
    const body = { ...base, client, slug: `${base.slug}-${client}` };
    const store = await call(ctx().app, 'POST', '/api/v1/stores/', { token, headers, body });
    return { email, store: store.json<{ id: number; slug: string; name: string }>() };
  }

  const reviewMail = (email: string) =>
    decodeQuotedPrintable(
      received.find(
        (m) =>
          m.to.includes(email) && decodeQuotedPrintable(m.raw).includes('Subject: Your store page'),
      )?.raw ?? '',
    );

  it('emails the merchant on decline with the reason, in the store brand', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { email, store } = await merchant(8);
    await call(app, 'POST', `/api/v1/review/stores/${store.id}/decline/`, {
      token: staff,
      body: { reason: 'Logo must be 120x40 & crisp' },
    });
    await deliver();
    const body = reviewMail(email);
    expect(body).toContain('Subject: Your store page on PromoPulse.com needs changes');
    expect(body).toContain('Reason: Logo must be 120x40 & crisp');
    expect(body).toContain('Logo must be 120x40 &amp; crisp');
    expect(body).toContain('http://localhost:4008/my-store');
  });

  it('emails the merchant on approval with the live page link', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { email, store } = await merchant(7);
    await call(app, 'POST', `/api/v1/review/stores/${store.id}/approve/`, { token: staff });
    await deliver();
    const body = reviewMail(email);
    expect(body).toContain('Subject: Your store page is live on VoucherNest.co.uk');
    expect(body).toContain(`http://localhost:4007/stores/${store.slug}`);
    expect(body).not.toContain('Reason:');
  });
});
