import { expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type ReviewQueue, type Store, type User } from '@cc/contract';
import { describeEachDatabase, merchantWithStore, storeBody, uniqueEmail } from './helpers';
import { callOn, mailsTo, PASSWORD, registerOn, tokenOf } from './account-fixtures';
import { staffToken } from './review-fixtures';

describeEachDatabase('account: email verification and the review queue', (ctx) => {
  const resend = (token: string) =>
    callOn(ctx().app, 'POST', '/api/v1/account/verification-email/', { token });
  const verifications = async (to: string) =>
    (await mailsTo(ctx().app, to)).filter((mail) => mail.kind === 'verify_email');
  const me = async (token: string) =>
    (await callOn(ctx().app, 'GET', '/api/v1/auth/me/', { token })).json<User>();
  const pending = async (staff: string, slug: string) => {
    const response = await callOn(
      ctx().app,
      'GET',
      `/api/v1/review/stores/?status=pending&search=${slug}`,
      { token: staff },
    );
    return response.json<ReviewQueue>().results;
  };
  const openStore = async (token: string) => {
    const response = await callOn(ctx().app, 'POST', '/api/v1/stores/', {
      token,
      body: storeBody(),
    });
    expect(response.statusCode).toBe(201);
    return response.json<Store>();
  };

  it('sends at most one verification mail a minute, counting the one sent at registration', async () => {
    const { app, clock } = ctx();
    const device = await registerOn(app);
    const tooSoon = await resend(device.token);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({
      message: ACCOUNT_MESSAGES.verificationTooSoon,
      verification_resend_at: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    expect(await verifications(device.email)).toHaveLength(1);

    clock.advance(60_000);
    const sent = await resend(device.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      message: ACCOUNT_MESSAGES.verificationSent,
      verification_resend_at: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    // Two at once still send one.
    clock.advance(60_000);
    const both = await Promise.all([resend(device.token), resend(device.token)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 429]);
    expect(await verifications(device.email)).toHaveLength(3);

    const [newest] = await verifications(device.email);
    const verified = await callOn(app, 'POST', '/api/v1/auth/verify-email/', {
      body: { token: tokenOf(newest) },
    });
    expect(verified.statusCode).toBe(200);
    const already = await resend(device.token);
    expect(already.statusCode).toBe(400);
    expect(already.json()).toMatchObject({ message: ACCOUNT_MESSAGES.alreadyVerified });
  });

  it("keeps an unverified owner's store out of the review queue, and shows the merchant why", async () => {
    const { app, clock } = ctx();
    const device = await registerOn(app);
    const store = await openStore(device.token);
    expect(store.awaiting_email_verification).toBe(true);
    expect((await me(device.token)).store?.awaiting_email_verification).toBe(true);
    expect(await pending(await staffToken(app), store.slug)).toEqual([]);

    clock.advance(10 * 60_000);
    const [mail] = await verifications(device.email);
    expect(
      (await callOn(app, 'POST', '/api/v1/auth/verify-email/', { body: { token: tokenOf(mail) } }))
        .statusCode,
    ).toBe(200);
    const queued = await pending(await staffToken(app), store.slug);
    expect(queued.map((entry) => ({ id: entry.store.id, queued_at: entry.queued_at }))).toEqual([
      { id: store.id, queued_at: clock.now().toISOString() },
    ]);
    expect((await me(device.token)).store?.awaiting_email_verification).toBe(false);
  });

  it('a store enters the queue when its owner confirms a new address instead', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const device = await registerOn(app);
    const store = await openStore(device.token);
    const next = uniqueEmail('new');
    await callOn(app, 'POST', '/api/v1/account/email/', {
      token: device.token,
      body: { new_email: next, password: PASSWORD },
    });
    clock.advance(60_000);
    const link = (await mailsTo(app, next)).find((mail) => mail.kind === 'change_email');
    expect(
      (
        await callOn(app, 'POST', '/api/v1/account/email/confirm/', {
          body: { token: tokenOf(link) },
        })
      ).statusCode,
    ).toBe(200);
    const queued = await pending(staff, store.slug);
    expect(queued.map((entry) => entry.queued_at)).toEqual([clock.now().toISOString()]);
    expect(queued[0]?.owner_email).toBe(next);
  });

  it("a verified owner's store is queued at its creation, and an approved one waits for nothing", async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token, store } = await merchantWithStore(app);
    expect(store.awaiting_email_verification).toBe(false);
    expect((await pending(staff, store.slug)).map((entry) => entry.store.id)).toEqual([store.id]);

    const unverified = await merchantWithStore(app, { verified: false });
    await callOn(app, 'POST', `/api/v1/review/stores/${unverified.store.id}/approve/`, {
      token: staff,
    });
    expect((await me(unverified.token)).store?.awaiting_email_verification).toBe(false);
    expect((await me(token)).store?.is_approved).toBe(false);
  });
});
