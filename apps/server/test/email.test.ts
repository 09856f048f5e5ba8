import { expect, it } from 'vitest';
import { smtpSender, type Sender } from '../src/mail/worker';
import { decodeQuotedPrintable, smtpReceiver } from './fakes/smtp-receiver';
import { call, describeEachDatabase, register, uniqueEmail, TEST_SENDERS } from './helpers';

const receiver = smtpReceiver();

describeEachDatabase('email through SMTP', (ctx) => {
  const worker = () =>
    ctx().app.outbox.worker({ send: smtpSender({ url: receiver.state.url, from: TEST_SENDERS }) });

  it('sends the verification mail over SMTP; following its link verifies the email', async () => {
    const email = uniqueEmail();
    const { token } = await register(ctx().app, email);
    await worker().runOnce();
    const message = receiver.received.find((m) => m.to.includes(email));
    expect(message).toBeDefined();
    const text = decodeQuotedPrintable(message?.raw ?? '');
    expect(text).toContain('Subject: Verify your email for VoucherNest.co.uk');
    const link = /http:\/\/localhost:4007\/auth\/verify-email\?token=[A-Za-z0-9_-]+/.exec(
      text,
    )?.[0];
    expect(link).toBeDefined();

    // The brand's verify-email screen reads the token from the link and posts it.
    const verifyToken = new URL(link ?? '').searchParams.get('token');
    const verified = await call(ctx().app, 'POST', '/api/v1/auth/verify-email/', {
      body: { token: verifyToken },
    });
    expect(verified.json()).toEqual({ email_verified: true });
    const me = await call(ctx().app, 'GET', '/api/v1/auth/me/', { token });
    expect(me.json<{ email_verified: boolean }>().email_verified).toBe(true);
  });

  it("brands the mail with the client's site name and origin", async () => {
    const email = uniqueEmail();
    await call(ctx().app, 'POST', '/api/v1/auth/email-register/', {
      headers: { 'x-site-key': '8' },
      body: { email, password: 'shop-secret-123' },
    });
    await call(ctx().app, 'POST', '/api/v1/auth/password-reset/', {
      headers: { 'x-site-key': '8' },
      body: { email },
    });
    await worker().runOnce();
    const texts = receiver.received
      .filter((m) => m.to.includes(email))
      .map((m) => decodeQuotedPrintable(m.raw));
    expect(texts).toHaveLength(2);
    expect(texts.join('\n')).toContain('PromoPulse.com');
    expect(texts.join('\n')).toMatch(/http:\/\/localhost:4008\/auth\/set-password\?token=/);
  });

  it('retries a refused message with backoff and sends it later', async () => {
    const email = uniqueEmail();
    await register(ctx().app, email);
    receiver.state.failNext = 1;
    const mails = worker();
    await mails.runOnce();
    expect(receiver.received.some((m) => m.to.includes(email))).toBe(false);
    expect(await mails.runOnce()).toBe(0); // not due yet
    ctx().clock.advance(5_000);
    await mails.runOnce();
    expect(receiver.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('never sends a message twice when two workers run at once', async () => {
    for (let i = 0; i < 12; i += 1) {
      await ctx().app.outbox.enqueue(
        {
          client: 7,
          kind: 'verify_email',
          toAddress: `bulk${i}@example.com`,
          subject: 's',
          textBody: 't',
          htmlBody: 'h',
        },
        ctx().clock.now(),
      );
    }
    const sent: number[] = [];
    const send: Sender = async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(mail.id);
    };
    const a = ctx().app.outbox.worker({ send, batch: 3 });
    const b = ctx().app.outbox.worker({ send, batch: 3 });
    while ((await Promise.all([a.runOnce(), b.runOnce()])).some((n) => n > 0));
    expect(sent).toHaveLength(12);
    expect(new Set(sent).size).toBe(12);
  });
});
