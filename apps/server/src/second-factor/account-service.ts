import { verify } from '@node-rs/argon2';
import {
  SECOND_FACTOR_MESSAGES,
  type RecoveryCodes,
  type SecondFactorProofBody,
  type SecondFactorStatus,
  type TotpSetup,
} from '@cc/contract';
import type { Caller } from '../core/data/deps';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../core/http/errors';
import type { SecondFactorDeps, SecondFactorService, UserRow } from './service';
import { isStaff } from './service';
import { newTotpSecret, totpSetup } from './totp';
import { checkCode, isLocked, SignInLocked } from './verifier';

/**
 * The signed-in user's own second factor (the account screen's "Two-step sign-in"): its
 * state, turning it on (a set-up, then the first code; recovery codes shown once), new
 * recovery codes and turning it off (each with the password or a current code). Staff
 * cannot turn theirs off.
 */
export function secondFactorAccount(deps: SecondFactorDeps, service: SecondFactorService) {
  const { db, clock } = deps;
  const { repo, box } = service;

  async function userOf(caller: Caller): Promise<UserRow> {
    const user = await deps.auth.userById(caller.userId);
    if (!user) throw new NotFound();
    return user;
  }

  /** The password, or a current code (counted like a sign-in's: wrong ones lock). */
  async function prove(user: UserRow, proof: SecondFactorProofBody): Promise<void> {
    const password = proof.password ?? '';
    const code = proof.code?.trim() ?? '';
    if (password !== '') {
      if (!(await verify(user.passwordHash, password)))
        throw ValidationFailed.field('password', SECOND_FACTOR_MESSAGES.wrongPassword);
      return;
    }
    if (code === '')
      throw ValidationFailed.field('non_field_errors', SECOND_FACTOR_MESSAGES.passwordOrCode);
    const outcome = await db.transaction(async (tx) => {
      const factor = await repo.factor(user.id, tx, true);
      if (factor?.confirmedAt == null) return 'off' as const;
      if (isLocked(factor, clock.now())) return 'locked' as const;
      return (await checkCode({ repo, box, factor, code: { totp: code }, now: clock.now(), tx }))
        .result;
    });
    if (outcome === 'off') throw new Conflict(SECOND_FACTOR_MESSAGES.notOn);
    if (outcome === 'locked') throw new SignInLocked();
    if (outcome === 'wrong') throw ValidationFailed.field('code', SECOND_FACTOR_MESSAGES.wrongCode);
  }

  async function confirmed(user: UserRow) {
    const factor = await repo.factor(user.id);
    if (factor?.confirmedAt == null) throw new Conflict(SECOND_FACTOR_MESSAGES.notOn);
    return factor;
  }

  return {
    async status(caller: Caller): Promise<SecondFactorStatus> {
      const user = await userOf(caller);
      const factor = await repo.factor(user.id);
      const on = factor?.confirmedAt != null;
      return {
        enabled: on,
        enabled_at: factor?.confirmedAt?.toISOString() ?? null,
        recovery_codes_left: on ? await repo.recoveryCodesLeft(user.id) : 0,
        required: isStaff(user),
      };
    },

    /** A new app secret waiting for its first code (in place of an earlier set-up not confirmed). */
    async startSetup(caller: Caller): Promise<TotpSetup> {
      const user = await userOf(caller);
      const secret = newTotpSecret();
      if (!(await repo.startSetup(user.id, box.seal(secret), clock.now())))
        throw new Conflict(SECOND_FACTOR_MESSAGES.alreadyOn);
      return totpSetup(secret, user.email);
    },

    /** The set-up's first code turns it on; the recovery codes come back this once. */
    async confirm(caller: Caller, code: string): Promise<RecoveryCodes> {
      const user = await userOf(caller);
      const outcome = await db.transaction(async (tx) => {
        const factor = await repo.factor(user.id, tx, true);
        if (!factor) return 'none' as const;
        if (factor.confirmedAt !== null) return 'on' as const;
        const now = clock.now();
        const checked = await checkCode({
          repo,
          box,
          factor,
          code: { totp: code.trim() },
          now,
          tx,
        });
        if (checked.result !== 'right') return 'wrong' as const;
        await repo.update(user.id, { confirmedAt: now, failedAttempts: 0, lockedUntil: null }, tx);
        const codes = await service.issueRecoveryCodes(user.id, tx);
        await deps.audit.record(
          {
            actor: service.actorOf(user),
            action: 'second_factor.enabled',
            target: { type: 'user', id: user.id },
            details: { method: 'totp' },
          },
          tx,
        );
        return codes;
      });
      if (outcome === 'none') throw new Conflict(SECOND_FACTOR_MESSAGES.noSetup);
      if (outcome === 'on') throw new Conflict(SECOND_FACTOR_MESSAGES.alreadyOn);
      if (outcome === 'wrong')
        throw ValidationFailed.field('code', SECOND_FACTOR_MESSAGES.wrongCode);
      return { recovery_codes: outcome };
    },

    /** Ten new recovery codes; the old ones stop working. */
    async regenerateRecoveryCodes(
      caller: Caller,
      proof: SecondFactorProofBody,
    ): Promise<RecoveryCodes> {
      const user = await userOf(caller);
      await confirmed(user);
      await prove(user, proof);
      const codes = await db.transaction(async (tx) => {
        const issued = await service.issueRecoveryCodes(user.id, tx);
        await deps.audit.record(
          {
            actor: service.actorOf(user),
            action: 'second_factor.recovery_codes_regenerated',
            target: { type: 'user', id: user.id },
          },
          tx,
        );
        return issued;
      });
      return { recovery_codes: codes };
    },

    /** Turns it off: the app and the recovery codes are gone; sign-in asks for the password alone. */
    async disable(caller: Caller, proof: SecondFactorProofBody): Promise<void> {
      const user = await userOf(caller);
      if (isStaff(user)) throw new Forbidden(SECOND_FACTOR_MESSAGES.staffMustKeep);
      await confirmed(user);
      await prove(user, proof);
      await db.transaction(async (tx) => {
        await repo.remove(user.id, tx);
        await deps.audit.record(
          {
            actor: service.actorOf(user),
            action: 'second_factor.disabled',
            target: { type: 'user', id: user.id },
            details: { by: proof.password ? 'password' : 'code' },
          },
          tx,
        );
      });
    },
  };
}
export type SecondFactorAccount = ReturnType<typeof secondFactorAccount>;
