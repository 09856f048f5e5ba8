import { expect, it } from 'vitest';
import type { ClientId } from '@cc/config';
import { sendingClients, smtpSender } from '../src/mail/worker';
import { smtpReceiver } from './fakes/smtp-receiver';
import { call, describeEachDatabase, TEST_SENDERS, uniqueEmail } from './helpers';

const receiver = smtpReceiver();

/** The From header of the message sent to `email`. */
function fromOf(email: string): string[] {
  return receiver.received
    .filter((m) => m.to.includes(email))
    .map((m) => /^From: (.*)$/m.exec(m.raw)?.[1]?.trim() ?? '');
}

describeEachDatabase("each brand's mail comes from its own sender (MAIL_FROM_<KEY>)", (ctx) => {
  const registerOn = async (client: ClientId) => {
    const email = uniqueEmail();
    const response = await call(ctx().app, 'POST', '/api/v1/auth/email-register/', {
      headers: { 'x-site-key': String(client) },
      body: { email, password: 'shop-secret-123' },
    });
    expect(response.statusCode).toBe(201);
    return email;
  };

  it("sends every mail of a brand from that brand's address", async () => {
    const emails = { 7: await registerOn(7), 8: await registerOn(8), 10: await registerOn(10) };
    await call(ctx().app, 'POST', '/api/v1/auth/password-reset/', {
      headers: { 'x-site-key': '8' },
      body: { email: emails[8] },
    });
    const worker = ctx().app.outbox.worker({
      send: smtpSender({ url: receiver.state.url, from: TEST_SENDERS }),
    });
    while ((await worker.runOnce()) > 0);
    expect(fromOf(emails[7])).toEqual([TEST_SENDERS[7]]);
    // The verification and the password reset alike.
    expect(fromOf(emails[8])).toEqual([TEST_SENDERS[8], TEST_SENDERS[8]]);
    expect(fromOf(emails[10])).toEqual([TEST_SENDERS[10]]);
  });

  it('leaves the mail of a brand an instance has no sender for to an instance that has one', async () => {
    const uk = await registerOn(7);
    const discount = await registerOn(10);
    const ukOnly = { 7: TEST_SENDERS[7] };
    const first = ctx().app.outbox.worker({
      send: smtpSender({ url: receiver.state.url, from: ukOnly }),
      clients: sendingClients(ukOnly),
    });
    while ((await first.runOnce()) > 0);
    expect(fromOf(uk)).toEqual([TEST_SENDERS[7]]);
    expect(fromOf(discount)).toEqual([]);
    expect((await ctx().app.outbox.backlog()).pending).toBe(1);

    const usOnly = { 8: TEST_SENDERS[8], 10: TEST_SENDERS[10] };
    const second = ctx().app.outbox.worker({
      send: smtpSender({ url: receiver.state.url, from: usOnly }),
      clients: sendingClients(usOnly),
    });
    while ((await second.runOnce()) > 0);
    expect(fromOf(discount)).toEqual([TEST_SENDERS[10]]);
    expect((await ctx().app.outbox.backlog()).pending).toBe(0);
  });
});
