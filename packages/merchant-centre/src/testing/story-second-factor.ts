import { http, HttpResponse } from 'msw';
import type { RecoveryCodes, SecondFactorStatus, TotpSetup } from '@cc/contract';
import { SECOND_FACTOR_MESSAGES } from '@cc/contract';
import { apiPath } from './api-handlers';

/**
 * Two-step sign-in's answers for the section's stories and tests, in the contract's wire
 * shapes. The set-up's QR code is a small stand-in SVG: the server draws the real one.
 */

export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const SETUP: TotpSetup = {
  otpauth_uri: `otpauth://totp/Coupon%20Center:owner%40acme.test?issuer=Coupon%20Center&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`,
  qr_svg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h2v2H0zM2 2h2v2H2z"/></svg>',
  secret: SECRET,
};

export const RECOVERY_CODES = [
  'abcde-fghjk',
  'mnpqr-stuvw',
  'xyz23-45678',
  'a2b3c-4d5e6',
  'f7g8h-9jkmn',
  'pqrst-uvwxy',
  'z2345-6789a',
  'bcdef-ghjkm',
  'npqrs-tuvwx',
  'yz234-56789',
];

export const statusOff: SecondFactorStatus = {
  enabled: false,
  enabled_at: null,
  recovery_codes_left: 0,
  required: false,
};
export const statusOn: SecondFactorStatus = {
  enabled: true,
  enabled_at: '2025-11-02T12:00:00.000Z',
  recovery_codes_left: 7,
  required: false,
};

export const statusAnswer = (status: SecondFactorStatus) =>
  http.get(apiPath('account/second-factor/'), () => HttpResponse.json(status));

/** The section's calls: a set-up, a first code (`good` is right), new codes and turning off with the password `demo1234`. */
export function secondFactorHandlers(status: SecondFactorStatus = statusOff, good = '123456') {
  const codes: RecoveryCodes = { recovery_codes: RECOVERY_CODES };
  const proofRefused = (body: { password?: string; code?: string }) =>
    body.password !== undefined
      ? HttpResponse.json({ password: [SECOND_FACTOR_MESSAGES.wrongPassword] }, { status: 400 })
      : HttpResponse.json({ code: [SECOND_FACTOR_MESSAGES.wrongCode] }, { status: 400 });
  const proven = (body: { password?: string; code?: string }) =>
    body.password === 'demo1234' || body.code === good;
  return {
    secondFactor: statusAnswer(status),
    setup: http.post(apiPath('account/second-factor/setup/'), () => HttpResponse.json(SETUP)),
    confirm: http.post(apiPath('account/second-factor/confirm/'), async ({ request }) => {
      const body = (await request.json()) as { code: string };
      return body.code === good
        ? HttpResponse.json(codes)
        : HttpResponse.json({ code: [SECOND_FACTOR_MESSAGES.wrongCode] }, { status: 400 });
    }),
    recoveryCodes: http.post(
      apiPath('account/second-factor/recovery-codes/'),
      async ({ request }) => {
        const body = (await request.json()) as { password?: string; code?: string };
        return proven(body) ? HttpResponse.json(codes) : proofRefused(body);
      },
    ),
    disable: http.post(apiPath('account/second-factor/disable/'), async ({ request }) => {
      const body = (await request.json()) as { password?: string; code?: string };
      return proven(body)
        ? HttpResponse.json({ message: SECOND_FACTOR_MESSAGES.turnedOff })
        : proofRefused(body);
    }),
  };
}
