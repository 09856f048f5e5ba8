import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
  type TotpSetup,
} from '@cc/contract';

/** The name authenticator apps show above the account. */
const ISSUER = 'Coupon Center';

const totpOf = (base32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });

/** A new random secret of 160 bits (RFC 4226's recommendation), in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** What an authenticator app is given for the account: the URI, its QR code as SVG, and the secret. */
export async function totpSetup(base32: string, account: string): Promise<TotpSetup> {
  const otpauthUri = totpOf(base32, account).toString();
  const qrSvg = await QRCode.toString(otpauthUri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return { otpauth_uri: otpauthUri, qr_svg: qrSvg, secret: base32 };
}

/** A code as people type it: spaces and dashes dropped. */
export const normaliseCode = (code: string): string => code.replace(/[\s-]/g, '');

/** Whether a code has the shape of a TOTP code (6 digits). */
export const looksLikeTotp = (code: string): boolean =>
  new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);

/**
 * The time step the code belongs to, within one step either side of `now`, or null when it
 * matches none. The caller refuses a step at or before the last one used (a replay).
 */
export function matchingStep(base32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(base32).validate({ token: code, timestamp, window: TOTP_WINDOW_STEPS });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
}

/** The code of the time step `now` falls in (what an app shows; tests compute codes with it). */
export const currentCode = (base32: string, now: Date): string =>
  totpOf(base32).generate({ timestamp: now.getTime() });

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten random recovery codes of 10 letters and digits (about 49 bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () =>
      RECOVERY_ALPHABET.charAt(randomInt(RECOVERY_ALPHABET.length)),
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as stored (before hashing): lowercase, without spaces or dashes. */
export const normaliseRecoveryCode = (code: string): string => normaliseCode(code).toLowerCase();
