/**
 * Two-step sign-in's texts and numbers, a module without schemas: a screen that shows one
 * of them does not bring TypeBox with it (the schemas are in second-factor.ts).
 */

export const SECOND_FACTOR_MESSAGES = {
  wrongCode: 'This code is not correct.',
  codeOrRecoveryRequired: 'Enter the code from your authenticator app, or a recovery code.',
  codeShape: 'Enter the 6 digits your authenticator app shows.',
  challengeExpired: 'Your sign-in has expired. Sign in again.',
  locked: 'Too many wrong codes. Sign-in is locked for 15 minutes.',
  needsChallenge:
    'This account uses two-step sign-in: sign in from the app, which asks for the code from your authenticator app.',
  staffNeedsChallenge: 'Staff accounts sign in from the review console, with two-step sign-in.',
  alreadyOn: 'Two-step sign-in is already on.',
  notOn: 'Two-step sign-in is not on.',
  noSetup: 'Start again: no set-up is waiting for a code.',
  passwordOrCode: 'Enter your password or a current code.',
  wrongPassword: 'Your password is not correct.',
  staffMustKeep: 'Staff accounts must keep two-step sign-in.',
  turnedOff: 'Two-step sign-in is off.',
} as const;

/** The digits of a TOTP code, its time step (seconds) and how many steps either side are accepted. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW_STEPS = 1;
/** Recovery codes given at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes in a row that lock sign-in, and for how long. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_LOCK_MINUTES = 15;
