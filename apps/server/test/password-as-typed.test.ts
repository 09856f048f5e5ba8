import { expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import { call, describeEachDatabase, register, uniqueEmail } from './helpers';

/**
 * 100 characters: spaces at both ends and inside, accented letters and an emoji, no digit,
 * no capital and no other mark a composition rule could ask for.
 */
const TYPED =
  `  ça ne fait rien 🦊 ${'lowercase words and spaces '.repeat(2)}`.padEnd(98, 'z') + '  ';

describeEachDatabase('passwords as typed', (ctx) => {
  const login = async (email: string, password: string) =>
    (await call(ctx().app, 'POST', '/api/v1/auth/email-login/', { body: { email, password } }))
      .statusCode;

  it('takes a password of any characters and over 64 of them, and signs in only with it exactly as typed', async () => {
    expect(TYPED).toHaveLength(100);
    const email = uniqueEmail();
    await register(ctx().app, email, TYPED);
    expect(await login(email, TYPED)).toBe(200);
    // Nothing is trimmed, folded to one case or cut short before the comparison.
    for (const altered of [
      TYPED.trim(),
      TYPED.toUpperCase(),
      TYPED.slice(0, 64),
      TYPED.slice(0, 72),
      TYPED.slice(0, -1),
    ]) {
      expect(await login(email, altered), JSON.stringify(altered)).toBe(401);
    }
  });

  it('takes a new password of 256 characters on /account, and refuses one longer on its field', async () => {
    const email = uniqueEmail();
    const { token } = await register(ctx().app, email);
    const change = (password: string) =>
      call(ctx().app, 'POST', '/api/v1/account/password/', {
        token,
        body: {
          current_password: 'shop-secret-123',
          new_password: password,
          confirm_password: password,
        },
      });
    const longest = 'a passphrase of many plain words'.repeat(8);
    expect(longest).toHaveLength(256);

    const tooLong = await change(`${longest}s`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      new_password: ['Ensure this field has no more than 256 characters.'],
    });
    const changed = await change(longest);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordUpdated });
    expect(await login(email, longest)).toBe(200);
    expect(await login(email, longest.slice(0, 128))).toBe(401);
  });
});
