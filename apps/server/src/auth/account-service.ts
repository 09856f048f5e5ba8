import { hash, verify } from '@node-rs/argon2';
import { VERIFY_EMAIL_TOKEN_TTL_MS, type ClientId } from '@cc/config';
import {
  ACCOUNT_MESSAGES,
  CHANGE_EMAIL_RULES,
  CHANGE_PASSWORD_RULES,
  checkBody,
  MESSAGES,
  VERIFICATION_RESEND_SECONDS,
  type Account,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type EmailLinkResponse,
} from '@cc/contract';
import type { Executor } from '../core/data/db';
import type { Caller, CoreDeps } from '../core/data/deps';
import {
  Conflict,
  DomainError,
  FieldErrors,
  NotFound,
  ValidationFailed,
} from '../core/http/errors';
import { hashToken, randomToken } from '../core/platform/secrets';
import { composeAccountMail, type AccountMail } from '../mail/account-mail';
import type { OutboxService } from '../mail/service';
import { composeMail } from '../mail/templates';
import { usersRepository, type UserRow } from './repository';
import { refuseCommonPassword, type AuthService } from './service';
import type { SessionsService } from './sessions';
import { tokensRepository, type EmailTokenPurpose } from './tokens-repository';
import type { SignedInUserCache } from './user-cache';
import type { AuditService } from '../audit/service';

const HOUR_MS = 60 * 60 * 1000;
/** How long a change_email link (to the new address) works. */
export const CHANGE_EMAIL_TTL_MS = 24 * HOUR_MS;
/** How long the old address may take the account back (revert_email). */
export const REVERT_EMAIL_TTL_MS = 7 * 24 * HOUR_MS;
const RESEND_MS = VERIFICATION_RESEND_SECONDS * 1000;

export type AccountDeps = CoreDeps & {
  auth: Pick<AuthService, 'emailVerified'>;
  sessions: SessionsService;
  signedInUsers: Pick<SignedInUserCache, 'dropUser'>;
  outbox: Pick<OutboxService, 'enqueue'>;
  /** The audit trail: password and sign-in email changes. */
  audit: Pick<AuditService, 'record'>;
};

/** A verification mail's answer: sent now (200), or too soon (429), with when the next may go. */
export type VerificationMail = { sent: boolean; resendAt: Date };

/** A PostgreSQL unique violation (another account took the address in the same instant). */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/**
 * The signed-in user's own account: its summary, password and sign-in email changes (by a
 * link to the new address, with a 7-day way back from the old one), the verification mail
 * (one a minute) and the account's sessions.
 */
export function accountService(deps: AccountDeps) {
  const { db, clock, sessions } = deps;
  const users = usersRepository(db);
  const tokens = tokensRepository(db);

  const brandOf = (user: UserRow): ClientId => user.client;
  const origin = (user: UserRow) => deps.brandOrigins[brandOf(user)];

  async function ownUser(caller: Caller, executor?: Executor): Promise<UserRow> {
    const user = await users.findById(caller.userId, executor);
    if (!user) throw new NotFound();
    return user;
  }

  async function checkCurrentPassword(
    user: UserRow,
    password: string,
    field: string,
  ): Promise<void> {
    if (!(await verify(user.passwordHash, password)))
      throw ValidationFailed.field(field, ACCOUNT_MESSAGES.currentPasswordWrong);
  }

  async function issueLink(params: {
    user: UserRow;
    purpose: EmailTokenPurpose;
    email: string;
    ttlMs: number;
    now: Date;
    tx: Executor;
  }) {
    const token = randomToken();
    await tokens.insertEmailToken(
      {
        userId: params.user.id,
        purpose: params.purpose,
        tokenHash: hashToken(token),
        email: params.email,
        expiresAt: new Date(params.now.getTime() + params.ttlMs),
        createdAt: params.now,
      },
      params.tx,
    );
    return token;
  }

  async function mail(
    user: UserRow,
    to: string,
    content: AccountMail,
    tx: Executor,
  ): Promise<void> {
    const composed = composeAccountMail({
      client: brandOf(user),
      origin: origin(user),
      to,
      ...content,
    });
    await deps.outbox.enqueue(composed, clock.now(), tx);
  }

  /** The address is free in the user's brand (their own does not count); 409 otherwise. */
  async function ensureFree(user: UserRow, email: string, tx: Executor): Promise<void> {
    const holder = await users.findByEmail(user.client, email, tx);
    if (holder && holder.id !== user.id) throw new Conflict(MESSAGES.duplicateUser);
  }

  /** Sets the user's address (verified), or 409 when another account took it meanwhile. */
  async function setEmail(user: UserRow, email: string, tx: Executor): Promise<void> {
    await ensureFree(user, email, tx);
    try {
      await users.update(user.id, { email, emailVerified: true }, tx);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(MESSAGES.duplicateUser);
      throw error;
    }
  }

  /** After a commit that changed the user: this instance forgets them now, before the notification. */
  function forget(userId: number): void {
    deps.signedInUsers.dropUser(userId);
    sessions.forgetUser(userId);
  }

  const resendAt = (user: UserRow) =>
    user.verificationMailAt ? new Date(user.verificationMailAt.getTime() + RESEND_MS) : undefined;

  return {
    async account(caller: Caller): Promise<Account> {
      const user = await ownUser(caller);
      const now = clock.now();
      const next = resendAt(user);
      return {
        email: user.email,
        email_verified: user.emailVerified,
        pending_email: (await tokens.latestLiveEmail(user.id, 'change_email', now)) ?? null,
        verification_resend_at:
          !user.emailVerified && next && next > now ? next.toISOString() : null,
        created_at: user.createdAt.toISOString(),
      };
    },

    /** A new password: every other session ends, this one stays; a notice goes to the address. */
    async changePassword(caller: Caller, body: ChangePasswordBody): Promise<void> {
      const errors = new FieldErrors(checkBody(CHANGE_PASSWORD_RULES, body));
      refuseCommonPassword(body.new_password, errors, 'new_password');
      errors.throwIfAny();
      const user = await ownUser(caller);
      await checkCurrentPassword(user, body.current_password, 'current_password');
      const passwordHash = await hash(body.new_password);
      await db.transaction(async (tx) => {
        await users.update(user.id, { passwordHash }, tx);
        await tokens.retireEmailTokens(user.id, 'password_reset', clock.now(), tx);
        await sessions.endOthers(caller, tx);
        await mail(user, user.email, { kind: 'password_changed' }, tx);
        await deps.audit.record(
          {
            actor: { userId: user.id, role: user.role, email: user.email },
            action: 'auth.password_changed',
            target: { type: 'user', id: user.id },
          },
          tx,
        );
      });
      forget(user.id);
    },

    /** Mails a link to the new address; the sign-in email changes only when it is followed. */
    async changeEmail(caller: Caller, body: ChangeEmailBody): Promise<void> {
      const email = body.new_email.trim().toLowerCase();
      new FieldErrors(checkBody(CHANGE_EMAIL_RULES, body)).throwIfAny();
      const user = await ownUser(caller);
      await checkCurrentPassword(user, body.password, 'password');
      if (email === user.email)
        throw ValidationFailed.field('new_email', ACCOUNT_MESSAGES.sameEmail);
      await db.transaction(async (tx) => {
        await ensureFree(user, email, tx);
        const now = clock.now();
        // Only the newest link works: an earlier one may name another address.
        await tokens.retireEmailTokens(user.id, 'change_email', now, tx);
        const token = await issueLink({
          user,
          purpose: 'change_email',
          email,
          ttlMs: CHANGE_EMAIL_TTL_MS,
          now,
          tx,
        });
        await mail(user, email, { kind: 'change_email', token, newEmail: email }, tx);
      });
    },

    /** Follows a change_email link: the new address becomes the sign-in email; the old one may take it back for 7 days. */
    async confirmEmail(token: string): Promise<EmailLinkResponse> {
      const { userId, email } = await db.transaction(async (tx) => {
        const now = clock.now();
        const link = await tokens.consumeLink(hashToken(token), 'change_email', now, tx);
        if (!link) throw ValidationFailed.field('token', ACCOUNT_MESSAGES.emailChangeExpired);
        const user = await users.findById(link.userId, tx);
        if (!user) throw ValidationFailed.field('token', ACCOUNT_MESSAGES.emailChangeExpired);
        await setEmail(user, link.email, tx);
        await tokens.retireEmailTokens(user.id, ['change_email', 'verify_email'], now, tx);
        const revert = await issueLink({
          user,
          purpose: 'revert_email',
          email: user.email,
          ttlMs: REVERT_EMAIL_TTL_MS,
          now,
          tx,
        });
        await mail(
          user,
          user.email,
          { kind: 'email_changed', token: revert, newEmail: link.email },
          tx,
        );
        // Following the link proved the new address: an owner verified only now sends their store to review.
        if (!user.emailVerified) await deps.auth.emailVerified(user.id, now, tx);
        await deps.audit.record(
          {
            actor: { userId: user.id, role: user.role, email: user.email },
            action: 'auth.email_changed',
            target: { type: 'user', id: user.id },
            details: { from: user.email, to: link.email },
          },
          tx,
        );
        return { userId: user.id, email: link.email };
      });
      forget(userId);
      return { message: ACCOUNT_MESSAGES.emailChanged, email };
    },

    /** Follows a revert_email link within 7 days: the old address is back and every session ends. */
    async revertEmail(token: string): Promise<EmailLinkResponse> {
      const { userId, email } = await db.transaction(async (tx) => {
        const now = clock.now();
        const link = await tokens.consumeLink(hashToken(token), 'revert_email', now, tx);
        if (!link) throw ValidationFailed.field('token', ACCOUNT_MESSAGES.emailChangeExpired);
        const user = await users.findById(link.userId, tx);
        if (!user) throw ValidationFailed.field('token', ACCOUNT_MESSAGES.emailChangeExpired);
        await setEmail(user, link.email, tx);
        await tokens.retireEmailTokens(
          user.id,
          ['change_email', 'revert_email', 'password_reset'],
          now,
          tx,
        );
        await tokens.revokeAllForUser(user.id, now, tx);
        await sessions.endAll(user.id, tx);
        await deps.audit.record(
          {
            actor: { userId: user.id, role: user.role, email: user.email },
            action: 'auth.email_change_reverted',
            target: { type: 'user', id: user.id },
            details: { from: user.email, to: link.email },
          },
          tx,
        );
        return { userId: user.id, email: link.email };
      });
      forget(userId);
      return { message: ACCOUNT_MESSAGES.emailChangeReverted, email };
    },

    /** A new verification link, at most one a minute (atomically: two calls at once send one). */
    async sendVerification(caller: Caller): Promise<VerificationMail> {
      const user = await ownUser(caller);
      if (user.emailVerified) throw new DomainError(400, ACCOUNT_MESSAGES.alreadyVerified);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const claimed = await users.claimVerificationMail(
          user.id,
          now,
          new Date(now.getTime() - RESEND_MS),
          tx,
        );
        if (!claimed) {
          const held = await ownUser(caller, tx);
          return { sent: false, resendAt: resendAt(held) ?? new Date(now.getTime() + RESEND_MS) };
        }
        const token = randomToken();
        await tokens.insertEmailToken(
          {
            userId: user.id,
            purpose: 'verify_email',
            tokenHash: hashToken(token),
            expiresAt: new Date(now.getTime() + VERIFY_EMAIL_TOKEN_TTL_MS),
            createdAt: now,
          },
          tx,
        );
        const composed = composeMail({
          kind: 'verify_email',
          client: brandOf(user),
          origin: origin(user),
          to: user.email,
          token,
        });
        await deps.outbox.enqueue(composed, now, tx);
        return { sent: true, resendAt: new Date(now.getTime() + RESEND_MS) };
      });
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
