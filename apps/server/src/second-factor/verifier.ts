import {
  SECOND_FACTOR_LOCK_MINUTES,
  SECOND_FACTOR_MAX_FAILURES,
  SECOND_FACTOR_MESSAGES,
} from '@cc/contract';
import type { Executor } from '../core/data/db';
import { DomainError } from '../core/http/errors';
import { hashToken } from '../core/platform/secrets';
import type { SecondFactorRepository, TotpFactorRow } from './repository';
import type { SecretBox } from './secret-box';
import { looksLikeTotp, matchingStep, normaliseCode, normaliseRecoveryCode } from './totp';

/** The one answer to every sign-in of a locked account, whichever part was wrong. */
export class SignInLocked extends DomainError {
  constructor() {
    super(429, SECOND_FACTOR_MESSAGES.locked);
  }
}

export const LOCK_MS = SECOND_FACTOR_LOCK_MINUTES * 60 * 1000;

export const isLocked = (factor: TotpFactorRow | undefined, now: Date): boolean =>
  factor?.lockedUntil != null && factor.lockedUntil.getTime() > now.getTime();

/** What a code (or a recovery code) proved: `right`, `wrong` (counted), or `locked` (this wrong one locked it). */
export type CodeOutcome =
  { result: 'right'; by: 'totp' | 'recovery_code' } | { result: 'wrong' | 'locked' };

/**
 * Checks a code against a confirmed authenticator whose row the transaction holds: a TOTP
 * code within one step of now and after the last one used, or an unused recovery code
 * (used up here). A wrong one counts; the fifth in a row locks sign-in for 15 minutes.
 */
export async function checkCode(params: {
  repo: SecondFactorRepository;
  box: SecretBox;
  factor: TotpFactorRow;
  code: { totp?: string | undefined; recovery?: string | undefined };
  now: Date;
  tx: Executor;
}): Promise<CodeOutcome> {
  const { repo, factor, now, tx } = params;
  const userId = factor.userId;
  if (params.code.recovery !== undefined) {
    const hash = hashToken(normaliseRecoveryCode(params.code.recovery));
    if (await repo.useRecoveryCode(userId, hash, now, tx)) {
      await repo.update(userId, { failedAttempts: 0 }, tx);
      return { result: 'right', by: 'recovery_code' };
    }
  } else {
    const code = normaliseCode(params.code.totp ?? '');
    const secret = params.box.open(factor.sealedSecret);
    // A secret sealed under another server secret cannot be checked: every code is wrong (docs/security.md).
    const step =
      secret !== undefined && looksLikeTotp(code) ? matchingStep(secret, code, now) : null;
    if (step !== null && (factor.lastUsedStep === null || step > factor.lastUsedStep)) {
      await repo.update(userId, { failedAttempts: 0, lastUsedStep: step }, tx);
      return { result: 'right', by: 'totp' };
    }
  }
  const failures = factor.failedAttempts + 1;
  if (failures >= SECOND_FACTOR_MAX_FAILURES) {
    await repo.update(
      userId,
      { failedAttempts: 0, lockedUntil: new Date(now.getTime() + LOCK_MS) },
      tx,
    );
    return { result: 'locked' };
  }
  await repo.update(userId, { failedAttempts: failures }, tx);
  return { result: 'wrong' };
}
