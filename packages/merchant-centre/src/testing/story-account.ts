import { http, HttpResponse } from 'msw';
import type { Account, AccountSession, VerificationMailResponse } from '@cc/contract';
import { ACCOUNT_MESSAGES, VERIFICATION_RESEND_SECONDS } from '@cc/contract';
import { apiPath } from './api-handlers';

/**
 * The account calls' answers for the Account screen's stories and tests, in the contract's
 * wire shapes. Times are fixed (a past day, at noon UTC) except when the next verification
 * mail may go, which counts from the moment of the answer.
 */

export function account(overrides: Partial<Account> = {}): Account {
  return {
    email: 'owner@acme.test',
    email_verified: true,
    pending_email: null,
    verification_resend_at: null,
    created_at: '2025-11-02T12:00:00.000Z',
    ...overrides,
  };
}

export function device(id: string, overrides: Partial<AccountSession> = {}): AccountSession {
  return {
    id,
    created_at: '2025-11-20T12:00:00.000Z',
    last_used_at: '2025-11-21T12:00:00.000Z',
    browser: 'Chrome 142',
    os: 'macOS 15',
    current: false,
    ...overrides,
  };
}

/** This device and a phone. */
export const DEVICES: AccountSession[] = [
  device('this', { current: true }),
  device('phone', {
    browser: 'Safari 18',
    os: 'iOS 18',
    created_at: '2025-11-10T12:00:00.000Z',
    last_used_at: '2025-11-19T12:00:00.000Z',
  }),
];

/** The ISO time `seconds` from now. */
export const secondsFromNow = (seconds: number) =>
  new Date(Date.now() + seconds * 1000).toISOString();

/** GET /account/. */
export const accountAnswer = (answer: Account) =>
  http.get(apiPath('account/'), () => HttpResponse.json(answer));

/** GET /account/sessions/. */
export const devicesAnswer = (devices: AccountSession[]) =>
  http.get(apiPath('account/sessions/'), () => HttpResponse.json(devices));

/** POST /account/verification-email/: sent (200), or too soon (429, the same body); the next one waits `seconds`. */
export const verificationMailAnswer = (options: { isTooSoon?: boolean; seconds?: number } = {}) =>
  http.post(apiPath('account/verification-email/'), () => {
    const body: VerificationMailResponse = {
      message: options.isTooSoon
        ? ACCOUNT_MESSAGES.verificationTooSoon
        : ACCOUNT_MESSAGES.verificationSent,
      verification_resend_at: secondsFromNow(options.seconds ?? VERIFICATION_RESEND_SECONDS),
    };
    return HttpResponse.json(body, { status: options.isTooSoon ? 429 : 200 });
  });

/** The Account screen's answers (named, so a story replaces one by its key). */
export function accountHandlers(answer: Account = account(), devices: AccountSession[] = DEVICES) {
  return {
    account: accountAnswer(answer),
    devices: devicesAnswer(devices),
    verificationMail: verificationMailAnswer(),
    endDevice: http.delete(apiPath('account/sessions/:id/'), () =>
      HttpResponse.json({ message: ACCOUNT_MESSAGES.sessionEnded }),
    ),
    signOutOthers: http.post(apiPath('account/sessions/sign-out-others/'), () =>
      HttpResponse.json({
        message: ACCOUNT_MESSAGES.otherSessionsEnded,
        signed_out: devices.length - 1,
      }),
    ),
    password: http.post(apiPath('account/password/'), () =>
      HttpResponse.json({ message: ACCOUNT_MESSAGES.passwordUpdated }),
    ),
    email: http.post(apiPath('account/email/'), () =>
      HttpResponse.json({ message: ACCOUNT_MESSAGES.emailChangeSent }),
    ),
  };
}
