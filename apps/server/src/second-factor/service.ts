import {
  SECOND_FACTOR_MESSAGES,
  type SecondFactorBody,
  type SecondFactorChallenge,
} from '@cc/contract';
import type { AuditService } from '../audit/service';
import type { AuthService, SessionTokens } from '../auth/service';
import { describeUserAgent } from '../auth/user-agent';
import type { Clock } from '../core/platform/clock';
import type { Db, Executor } from '../core/data/db';
import { Forbidden, Unauthorized, ValidationFailed } from '../core/http/errors';
import { hashToken, randomToken } from '../core/platform/secrets';
import { passkeyRepository } from './passkey-repository';
import { secondFactorRepository, type ChallengePurpose } from './repository';
import { secretBox } from './secret-box';
import { newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, totpSetup } from './totp';
import { checkCode, isLocked, SignInLocked } from './verifier';

/** How long a challenge works: a code is typed in a minute; enrolling an app takes longer. */
export const CHALLENGE_TTL_MS: Record<ChallengePurpose, number> = {
  totp: 5 * 60 * 1000,
  enrol: 15 * 60 * 1000,
};

export type SecondFactorDeps = {
  db: Db;
  clock: Clock;
  /** The server's secret (JWT_SECRET): the TOTP secrets are sealed under a key derived from it. */
  serverSecret: string;
  auth: Pick<AuthService, 'startSession' | 'userById'>;
  audit: Pick<AuditService, 'record'>;
};

/** A user as auth's service reads one. */
export type UserRow = NonNullable<Awaited<ReturnType<AuthService['userById']>>>;

/** Staff must sign in with a second factor; merchants may. */
export const isStaff = (user: Pick<UserRow, 'role'>): boolean => user.role !== 'merchant';

/** A sign-in's tokens, and the recovery codes when this sign-in enrolled the app (shown once). */
export type SecondStepResult = SessionTokens & { recovery_codes?: string[] };

export function secondFactorService(deps: SecondFactorDeps) {
  const { db, clock } = deps;
  const repo = secondFactorRepository(db);
  const box = secretBox(deps.serverSecret);
  const actorOf = (user: UserRow) => ({
    userId: user.id,
    role: isStaff(user) ? ('staff' as const) : ('merchant' as const),
    email: user.email,
  });

  /** Ten new recovery codes replace the old ones; answers them as typed (they are stored hashed). */
  async function issueRecoveryCodes(userId: number, tx: Executor): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(
      userId,
      codes.map((code) => hashToken(normaliseRecoveryCode(code))),
      clock.now(),
      tx,
    );
    return codes;
  }

  async function newChallenge(
    user: UserRow,
    purpose: ChallengePurpose,
    userAgent: string,
  ): Promise<SecondFactorChallenge> {
    const now = clock.now();
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS[purpose]);
    await repo.insertChallenge({
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      userAgent: userAgent.slice(0, 512),
      expiresAt,
      createdAt: now,
    });
    return {
      second_factor: purpose,
      challenge: token,
      challenge_expiration: expiresAt.toISOString(),
    };
  }

  async function failedSignIn(
    user: UserRow,
    reason: string,
    userAgent: string,
    tx?: Executor,
  ): Promise<void> {
    await deps.audit.record(
      {
        actor: actorOf(user),
        action: 'auth.sign_in_failed',
        target: { type: 'user', id: user.id },
        details: { ...describeUserAgent(userAgent), reason },
      },
      tx,
    );
  }

  return {
    box,
    repo,
    issueRecoveryCodes,
    actorOf,

    /** The sign-in gate auth asks (auth/service.ts `SignInGate`). */
    gate: {
      async refuseIfLocked(user: UserRow, device: Record<string, string>): Promise<void> {
        const factor = await repo.factor(user.id);
        if (factor?.confirmedAt == null || !isLocked(factor, clock.now())) return;
        await deps.audit.record({
          actor: actorOf(user),
          action: 'auth.sign_in_failed',
          target: { type: 'user', id: user.id },
          details: { ...device, reason: 'locked' },
        });
        throw new SignInLocked();
      },
      async challenge(
        user: UserRow,
        userAgent: string,
        acceptsChallenge: boolean,
      ): Promise<SecondFactorChallenge | null> {
        const factor = await repo.factor(user.id);
        const enrolled = factor?.confirmedAt != null;
        if (!enrolled && !isStaff(user)) return null;
        if (!acceptsChallenge) {
          // The spec's login has no second step: never tokens without the code, and a message saying why.
          await failedSignIn(user, 'second_factor_not_offered', userAgent);
          throw new Forbidden(
            isStaff(user)
              ? SECOND_FACTOR_MESSAGES.staffNeedsChallenge
              : SECOND_FACTOR_MESSAGES.needsChallenge,
          );
        }
        if (enrolled) {
          // An account with a passkey may answer with it in place of the code (passkey-sign-in.ts).
          const hasPasskey = (await passkeyRepository(db).countFor(user.id)) > 0;
          return { ...(await newChallenge(user, 'totp', userAgent)), passkey: hasPasskey };
        }
        // A staff member without one enrols now: a new app secret waits for its first code.
        const secret = newTotpSecret();
        await repo.startSetup(user.id, box.seal(secret), clock.now());
        return {
          ...(await newChallenge(user, 'enrol', userAgent)),
          setup: await totpSetup(secret, user.email),
        };
      },
    },

    /**
     * The second step: the challenge and a code (or a recovery code) give the session's tokens.
     * An enrolment challenge confirms the new app and answers its recovery codes too.
     */
    async completeSignIn(body: SecondFactorBody): Promise<SecondStepResult> {
      const code = body.code?.trim() ?? '';
      const recovery = body.recovery_code?.trim() ?? '';
      if (code === '' && recovery === '')
        throw ValidationFailed.field('code', SECOND_FACTOR_MESSAGES.codeOrRecoveryRequired);
      const challengeHash = hashToken(body.challenge);
      const outcome = await db.transaction(async (tx) => {
        const now = clock.now();
        const challenge = await repo.liveChallenge(challengeHash, now, tx);
        const user = challenge && (await deps.auth.userById(challenge.userId, tx));
        const factor = challenge && (await repo.factor(challenge.userId, tx, true));
        if (!challenge || !user || !factor) return { kind: 'expired' as const };
        if (challenge.purpose === 'enrol') {
          if (factor.confirmedAt !== null || recovery !== '') return { kind: 'expired' as const };
          const checked = await checkCode({ repo, box, factor, code: { totp: code }, now, tx });
          if (checked.result !== 'right') return { kind: 'wrong_setup' as const };
          await repo.update(
            user.id,
            { confirmedAt: now, failedAttempts: 0, lockedUntil: null },
            tx,
          );
          const recoveryCodes = await issueRecoveryCodes(user.id, tx);
          await deps.audit.record(
            {
              actor: actorOf(user),
              action: 'second_factor.enabled',
              target: { type: 'user', id: user.id },
              details: { method: 'totp' },
            },
            tx,
          );
          if (!(await repo.useChallenge(challenge.id, now, tx)))
            return { kind: 'expired' as const };
          const tokens = await deps.auth.startSession(user, challenge.userAgent, tx, {
            second_factor: 'totp',
          });
          return {
            kind: 'signed_in' as const,
            tokens: { ...tokens, recovery_codes: recoveryCodes },
          };
        }
        if (factor.confirmedAt === null) return { kind: 'expired' as const };
        if (isLocked(factor, now)) return { kind: 'locked' as const };
        const checked = await checkCode({
          repo,
          box,
          factor,
          code: recovery === '' ? { totp: code } : { recovery },
          now,
          tx,
        });
        if (checked.result !== 'right') {
          await failedSignIn(
            user,
            recovery === '' ? 'wrong_code' : 'wrong_recovery_code',
            challenge.userAgent,
            tx,
          );
          if (checked.result === 'locked') {
            await deps.audit.record(
              {
                actor: actorOf(user),
                action: 'auth.sign_in_locked',
                target: { type: 'user', id: user.id },
                details: {},
              },
              tx,
            );
          }
          return {
            kind: checked.result === 'locked' ? ('locked' as const) : ('wrong' as const),
            recovery: recovery !== '',
          };
        }
        if (!(await repo.useChallenge(challenge.id, now, tx))) return { kind: 'expired' as const };
        if (checked.by === 'recovery_code') {
          const left = await repo.recoveryCodesLeft(user.id, tx);
          await deps.audit.record(
            {
              actor: actorOf(user),
              action: 'auth.recovery_code_used',
              target: { type: 'user', id: user.id },
              details: { recovery_codes_left: left },
            },
            tx,
          );
        }
        const tokens = await deps.auth.startSession(user, challenge.userAgent, tx, {
          second_factor: checked.by,
        });
        return { kind: 'signed_in' as const, tokens };
      });
      switch (outcome.kind) {
        case 'signed_in':
          return outcome.tokens;
        case 'expired':
          throw new Unauthorized(SECOND_FACTOR_MESSAGES.challengeExpired);
        case 'locked':
          throw new SignInLocked();
        case 'wrong_setup':
          throw ValidationFailed.field('code', SECOND_FACTOR_MESSAGES.wrongCode);
        case 'wrong':
          throw ValidationFailed.field(
            outcome.recovery ? 'recovery_code' : 'code',
            SECOND_FACTOR_MESSAGES.wrongCode,
          );
      }
    },
  };
}
export type SecondFactorService = ReturnType<typeof secondFactorService>;

/**
 * Removes a user's second factor: the TOTP app and the recovery codes (and any challenge
 * waiting). A staff member enrols again at their next sign-in; a merchant signs in with the
 * password alone. For the console's admin action, which records it in the audit itself.
 * Answers whether there was one.
 */
export function resetSecondFactor(
  db: Db,
  userId: number,
  executor: Executor = db,
): Promise<boolean> {
  return secondFactorRepository(db).remove(userId, executor);
}
