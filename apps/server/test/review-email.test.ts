import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailWorker, smtpSender } from '../src/mail/worker';
import { call, describeEachDatabase, storeBody, uniqueEmail } from './helpers';
import { staffToken } from './review-fixtures';

const received: { to: string[]; raw: string }[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function text(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describeEachDatabase('review emails through SMTP', (ctx) => {
  const deliver = () =>
    mailWorker({ outbox: ctx().app.repos.outbox, clock: ctx().clock, send: smtpSender({ url, from: 'Coupon Center <no-reply@test>' }) }).runOnce();

  async function merchant(client: 7 | 8) {
    const email = uniqueEmail();
    const headers = { 'x-site-key': String(client) };
    const registered = await call(ctx().app, 'POST', '/api/v1/auth/email-register/', { headers, body: { email, password: 'secret123' } });
    const token = registered.json<{ token: string }>().token;
    const base = storeBody();
    const body = { ...base, client, slug: `${base.slug}-${client}` };
    const store = await call(ctx().app, 'POST', '/api/v1/stores/', { token, headers, body });
    return { email, store: store.json<{ id: number; slug: string; name: string }>() };
  }

  const reviewMail = (email: string) =>
    text(received.find((m) => m.to.includes(email) && text(m.raw).includes('Subject: Your store page'))?.raw ?? '');

  it('emails the merchant on decline with the reason, in the store brand', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { email, store } = await merchant(8);
    await call(app, 'POST', `/api/v1/review/stores/${store.id}/decline/`, { token: staff, body: { reason: 'Logo must be 120x40 & crisp' } });
    await deliver();
    const body = reviewMail(email);
    expect(body).toContain('Subject: Your store page on PromoPulse.com needs changes');
    expect(body).toContain('Reason: Logo must be 120x40 & crisp');
    expect(body).toContain('Logo must be 120x40 &#38; crisp');
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
