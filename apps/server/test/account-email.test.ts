import { expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES, type Account } from '@cc/contract';
import { describeEachDatabase, uniqueEmail } from './helpers';
import {
  callOn,
  mailsTo,
  PASSWORD,
  refreshStatus,
  registerOn,
  signIn,
  tokenOf,
} from './account-fixtures';

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('account: sign-in email change', (ctx) => {
  const ask = (token: string, body: unknown, client?: number) =>
    callOn(ctx().app, 'POST', '/api/v1/account/email/', { token, body, client });
  const follow = (which: 'confirm' | 'revert', token: string) =>
    callOn(ctx().app, 'POST', `/api/v1/account/email/${which}/`, { body: { token } });
  const account = async (token: string) =>
    (await callOn(ctx().app, 'GET', '/api/v1/account/', { token })).json<Account>();
  const linkTo = async (to: string, kind: string) =>
    (await mailsTo(ctx().app, to)).find((mail) => mail.kind === kind);

  it('changes the address only when the link sent to the new one is followed', async () => {
    const { app } = ctx();
    const device = await registerOn(app);
    const next = uniqueEmail('new');
    const asked = await ask(device.token, { new_email: next.toUpperCase(), password: PASSWORD });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent });
    expect(await account(device.token)).toMatchObject({ email: device.email, pending_email: next });

    const mail = await linkTo(next, 'change_email');
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:4007\/account\/confirm-email\?token=/);
    const confirmed = await follow('confirm', tokenOf(mail));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChanged, email: next });
    expect(await account(device.token)).toMatchObject({
      email: next,
      email_verified: true,
      pending_email: null,
    });
    expect(
      (
        await callOn(app, 'POST', '/api/v1/auth/email-login/', {
          body: { email: next, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);

    // Single use.
    const again = await follow('confirm', tokenOf(mail));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [ACCOUNT_MESSAGES.emailChangeExpired] });
    const notice = await linkTo(device.email, 'email_changed');
    expect(notice?.links[0]).toMatch(/^http:\/\/localhost:4007\/account\/revert-email\?token=/);
  });

  it('checks the password, the address and that it is a new one', async () => {
    const { app } = ctx();
    const device = await registerOn(app);
    const wrong = await ask(device.token, { new_email: uniqueEmail(), password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    const empty = await ask(device.token, { new_email: '', password: '' });
    expect(empty.json()).toEqual({ new_email: [MESSAGES.required], password: [MESSAGES.required] });
    const invalid = await ask(device.token, { new_email: 'not-an-email', password: PASSWORD });
    expect(invalid.json()).toEqual({ new_email: [MESSAGES.invalidEmail] });
    const same = await ask(device.token, { new_email: device.email, password: PASSWORD });
    expect(same.json()).toEqual({ new_email: [ACCOUNT_MESSAGES.sameEmail] });
    const huge = await ask(device.token, {
      new_email: `${'a'.repeat(300)}@example.com`,
      password: PASSWORD,
    });
    expect(huge.statusCode).toBe(400);
    const nul = await ask(device.token, { new_email: 'a\u0000@example.com', password: PASSWORD });
    expect(nul.json()).toEqual({ new_email: [MESSAGES.nullCharacter] });
    expect(await account(device.token)).toMatchObject({ email: device.email, pending_email: null });
    expect((await follow('confirm', 'x'.repeat(513))).statusCode).toBe(400);
    expect(
      (await callOn(app, 'POST', '/api/v1/account/email/confirm/', { body: { token: 42 } }))
        .statusCode,
    ).toBe(400);
  });

  it("answers 409 for an address another account of the same brand uses, and allows one of another brand's", async () => {
    const { app } = ctx();
    const device = await registerOn(app);
    const neighbour = await registerOn(app);
    const taken = await ask(device.token, { new_email: neighbour.email, password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: MESSAGES.duplicateUser });

    const elsewhere = await registerOn(app, { client: 8 });
    const allowed = await ask(device.token, { new_email: elsewhere.email, password: PASSWORD });
    expect(allowed.statusCode).toBe(202);

    // Taken in the brand between the request and the link: 409, and the address stays.
    const later = uniqueEmail('later');
    expect((await ask(device.token, { new_email: later, password: PASSWORD })).statusCode).toBe(
      202,
    );
    await registerOn(app, { email: later });
    const raced = await follow('confirm', tokenOf(await linkTo(later, 'change_email')));
    expect(raced.statusCode).toBe(409);
    expect(await account(device.token)).toMatchObject({ email: device.email });
  });

  it('reverts within 7 days from the old address: the old address is back and every device signed out', async () => {
    const { app, clock } = ctx();
    const device = await registerOn(app);
    const other = await signIn(app, device.email);
    const next = uniqueEmail('new');
    await ask(device.token, { new_email: next, password: PASSWORD });
    await follow('confirm', tokenOf(await linkTo(next, 'change_email')));
    const revert = tokenOf(await linkTo(device.email, 'email_changed'));
    clock.advance(6 * DAY);
    const reverted = await follow('revert', revert);
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json()).toEqual({
      message: ACCOUNT_MESSAGES.emailChangeReverted,
      email: device.email,
    });
    // Their access tokens have expired by now; their refresh tokens (30 days) are what the revert ends.
    expect(await refreshStatus(app, device)).toBe(401);
    expect(await refreshStatus(app, other)).toBe(401);
    const back = await signIn(app, device.email);
    expect(await account(back.token)).toMatchObject({ email: device.email, email_verified: true });
    expect((await follow('revert', revert)).statusCode).toBe(400);
  });

  it('no longer reverts after 7 days, nor follows a change link after 24 hours', async () => {
    const { app, clock } = ctx();
    const device = await registerOn(app);
    const next = uniqueEmail('new');
    await ask(device.token, { new_email: next, password: PASSWORD });
    await follow('confirm', tokenOf(await linkTo(next, 'change_email')));
    const revert = tokenOf(await linkTo(device.email, 'email_changed'));
    clock.advance(7 * DAY + 1000);
    const late = await follow('revert', revert);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ token: [ACCOUNT_MESSAGES.emailChangeExpired] });
    // Nothing changed: the new address still signs in.
    const later = await signIn(app, next);
    expect(await account(later.token)).toMatchObject({ email: next });

    const third = uniqueEmail('third');
    await ask(later.token, { new_email: third, password: PASSWORD });
    clock.advance(DAY + 1000);
    expect((await follow('confirm', tokenOf(await linkTo(third, 'change_email')))).statusCode).toBe(
      400,
    );
    const last = await signIn(app, next);
    expect(await account(last.token)).toMatchObject({ email: next, pending_email: null });
  });
});
