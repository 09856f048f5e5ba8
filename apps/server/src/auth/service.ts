import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_RESET_TOKEN_TTL_MS, VERIFY_EMAIL_TOKEN_TTL_MS, type ClientId } from '@cc/config';
import {
  checkBody,
  LOGIN_RULES,
  MESSAGES,
  NEW_PASSWORD_RULES,
  PASSWORD_REMINDER_RULES,
  REGISTER_RULES,
  type AuthTokens,
  type EmailRegisterBody,
  type SecondFactorChallenge,
} from '@cc/contract';
import type { Executor } from '../core/data/db';
import {
  Conflict,
  FieldErrors,
  NotFound,
  Unauthorized,
  ValidationFailed,
} from '../core/http/errors';
import { composeMail, type MailKind } from '../mail/templates';
import type { OwnedStores } from './owned-store';
import { usersRepository, type NewUser, type UserRow } from './repository';
import type { SignedInUserCache } from './user-cache';
import { tokensRepository } from './tokens-repository';
import type { Caller, CoreDeps } from '../core/data/deps';
import type { OutboxService } from '../mail/service';
import { hashToken, randomToken } from '../core/platform/secrets';
import { accessTokens } from './access-tokens';
import type { SessionsService } from './sessions';
import type { AuditService } from '../audit/service';
import { describeUserAgent } from './user-agent';
import { refuseCommonPassword } from './common-passwords';
export { checkNewPassword, refuseCommonPassword } from './common-passwords';

export { ACCESS_TOKEN_TTL_MS } from './access-tokens';
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A new session's tokens, the refresh token always with them; routes decide where it travels. */
export type SessionTokens = AuthTokens & { refresh: string };

/** Work in the transaction that marks a user's email verified (the store's entry into review). */
export type EmailVerifiedListener = (userId: number, at: Date, tx: Executor) => Promise<void>;

/**
 * The second step of a sign-in, from the second-factor feature: a lock (wrong codes) refuses
 * every sign-in of the account alike; a right password may lead to a challenge instead of tokens.
 */
export type SignInGate = {
  /** Throws the lock's answer while the account's sign-in is locked. */
  refuseIfLocked(user: UserRow, device: Record<string, string>): Promise<void>;
  /** A challenge in place of tokens, or null for tokens now; `acceptsChallenge`: the caller can answer one. */
  challenge(
    user: UserRow,
    userAgent: string,
    acceptsChallenge: boolean,
  ): Promise<SecondFactorChallenge | null>;
};

/** A hash to compare against when the email is unknown, so both paths cost the same. */
let decoyHash: Promise<string> | undefined;

export type AuthDeps = CoreDeps & {
  jwtSecret: string;
  /** Bytes the verified access tokens may hold (core/platform/cache-budgets.ts). */
  verifiedTokensBudget: number;
  /** This instance's copy of the signed-in users with their stores, for /auth/me/ (user-cache.ts). */
  signedInUsers: SignedInUserCache;
  /** The signed-in sessions (sessions.ts). */
  sessions: SessionsService;
  /** Where a user's store is read beside them (owned-store.ts). */
  ownedStores: OwnedStores;
  outbox: Pick<OutboxService, 'enqueue'>;
  /** The audit trail: sign-ins, failed ones and password resets. */
  audit: Pick<AuditService, 'record'>;
};

export function authService(deps: AuthDeps) {
  const { db, clock, signedInUsers, sessions } = deps;
  const users = usersRepository(db, deps.ownedStores);
  const tokens = tokensRepository(db);
  const access = accessTokens({ secret: deps.jwtSecret, budgetBytes: deps.verifiedTokensBudget });
  const emailVerifiedListeners: EmailVerifiedListener[] = [];
  let gate: SignInGate | undefined;

  async function issueTokens(
    user: UserRow,
    sessionId: string,
    executor: Executor = db,
  ): Promise<SessionTokens> {
    const now = clock.now();
    const refreshExpires = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
    const { token, expires } = await access.sign(
      { userId: user.id, client: user.client, sessionId },
      now,
    );
    const refresh = randomToken();
    await tokens.insertRefresh(
      {
        userId: user.id,
        familyId: sessionId,
        tokenHash: hashToken(refresh),
        expiresAt: refreshExpires,
        createdAt: now,
      },
      executor,
    );
    return {
      token,
      refresh,
      expiration: expires.toISOString(),
      refresh_expiration: refreshExpires.toISOString(),
    };
  }

  /** A new session (a sign-in) and its first tokens. */
  async function signIn(
    user: UserRow,
    userAgent: string,
    executor: Executor = db,
  ): Promise<SessionTokens> {
    return issueTokens(user, await sessions.start(user.id, userAgent, executor), executor);
  }

  async function sendTokenMail(user: UserRow, kind: MailKind, executor: Executor): Promise<void> {
    const token = randomToken();
    const now = clock.now();
    const ttl = kind === 'verify_email' ? VERIFY_EMAIL_TOKEN_TTL_MS : PASSWORD_RESET_TOKEN_TTL_MS;
    await tokens.insertEmailToken(
      {
        userId: user.id,
        purpose: kind,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + ttl),
        createdAt: now,
      },
      executor,
    );
    const { client } = user;
    const mail = composeMail({
      kind,
      client,
      origin: deps.brandOrigins[client],
      to: user.email,
      token,
    });
    await deps.outbox.enqueue(mail, now, executor);
  }

  /** The work others added to an email verification (onEmailVerified), in its transaction. */
  async function emailVerified(userId: number, at: Date, tx: Executor): Promise<void> {
    for (const listener of emailVerifiedListeners) await listener(userId, at, tx);
  }

  /** Ends a refresh-token family and its session (a sign-out, or a replayed token). */
  async function endFamily(userId: number, familyId: string, now: Date): Promise<void> {
    await tokens.revokeFamily(familyId, now);
    await sessions.endById(userId, familyId);
  }

  /** A session for a signed-in user, recorded in the audit with `details` (how they proved it). */
  async function startSession(
    user: UserRow,
    userAgent: string,
    tx: Executor,
    details: Record<string, unknown> = {},
  ): Promise<SessionTokens> {
    const started = await signIn(user, userAgent, tx);
    await deps.audit.record(
      {
        actor: { userId: user.id, role: user.role, email: user.email },
        action: 'auth.sign_in',
        target: { type: 'user', id: user.id },
        details: { ...describeUserAgent(userAgent), ...details },
      },
      tx,
    );
    return started;
  }

  return {
    /** Puts a second step between a right password and a session (second-factor/, registered after auth). */
    useSignInGate: (next: SignInGate) => void (gate = next),
    startSession,
    async register(
      client: ClientId,
      body: EmailRegisterBody,
      userAgent = '',
    ): Promise<SessionTokens> {
      const email = body.email.trim().toLowerCase();
      const errors = new FieldErrors(checkBody(REGISTER_RULES, body));
      refuseCommonPassword(body.password, errors);
      errors.throwIfAny();
      const passwordHash = await hash(body.password);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const user = await users.insert(
          {
            client,
            email,
            passwordHash,
            firstName: body.first_name ?? '',
            lastName: body.last_name ?? '',
            userType: body.type ?? 2,
            // The first verification mail goes now: the resend button waits a minute from it.
            verificationMailAt: now,
            createdAt: now,
          },
          tx,
        );
        if (!user) throw new Conflict(MESSAGES.duplicateUser);
        await sendTokenMail(user, 'verify_email', tx);
        return signIn(user, userAgent, tx);
      });
    },

    /** Tokens, or a challenge (the gate's); while it is locked, a right and a wrong password get one answer. */
    async login(
      client: ClientId,
      credentials: { email: string; password: string; acceptsChallenge?: boolean },
      userAgent = '',
    ): Promise<SessionTokens | SecondFactorChallenge> {
      const { email, password } = credentials;
      new FieldErrors(checkBody(LOGIN_RULES, credentials)).throwIfAny();
      const user = await users.findByEmail(client, email.trim());
      if (!user) {
        decoyHash ??= hash('decoy password');
        await verify(await decoyHash, password);
      }
      const passwordRight = user !== undefined && (await verify(user.passwordHash, password));
      if (user && gate) await gate.refuseIfLocked(user, describeUserAgent(userAgent));
      // A disabled staff member is refused as a wrong password is (their sessions ended when disabled).
      if (!user || !passwordRight || user.disabledAt !== null) {
        const typed = email.trim().toLowerCase().slice(0, 254);
        await deps.audit.record({
          actor: {
            userId: user?.id ?? null,
            role: user?.role ?? 'merchant',
            email: user?.email ?? typed,
          },
          action: 'auth.sign_in_failed',
          target: { type: 'user', id: user?.id ?? '' },
          details: describeUserAgent(userAgent),
        });
        throw new Unauthorized(MESSAGES.invalidCredentials);
      }
      const challenge = gate
        ? await gate.challenge(user, userAgent, credentials.acceptsChallenge === true)
        : null;
      return challenge ?? db.transaction((tx) => startSession(user, userAgent, tx));
    },

    /** Rotates a refresh token of a live session; presenting a used one ends its whole session. */
    async refresh(refresh: string): Promise<SessionTokens> {
      const tokenHash = hashToken(refresh);
      const now = clock.now();
      const used = await tokens.useRefresh(tokenHash, now);
      if (!used) {
        // Unknown, or already rotated/revoked: a replayed token ends its session.
        const known = await tokens.findRefresh(tokenHash);
        if (known) await endFamily(known.userId, known.familyId, now);
        throw new Unauthorized(MESSAGES.tokenInvalid);
      }
      if (used.expiresAt.getTime() <= now.getTime()) throw new Unauthorized(MESSAGES.tokenInvalid);
      const user = await users.findById(used.userId);
      // A session ended elsewhere (signed out from another device, a password change) refreshes no more.
      if (!user || !(await sessions.touch(used.familyId)))
        throw new Unauthorized(MESSAGES.tokenInvalid);
      return issueTokens(user, used.familyId);
    },

    /**
     * Ends a session: the refresh token's when one is given (holding it is proof enough, so an
     * expired access token does not block logout), otherwise the authenticated caller's.
     */
    async logout(session: { refresh: string } | { caller: Caller }): Promise<void> {
      const now = clock.now();
      if ('caller' in session) {
        const { userId, sessionId } = session.caller;
        return endFamily(userId, sessionId, now);
      }
      const known = await tokens.findRefresh(hashToken(session.refresh));
      if (!known) throw new Unauthorized(MESSAGES.tokenInvalid);
      await endFamily(known.userId, known.familyId, now);
    },

    async verifyEmail(token: string): Promise<{ email_verified: boolean }> {
      const userId = await db.transaction(async (tx) => {
        const now = clock.now();
        const consumed = await tokens.consumeEmailToken(hashToken(token), 'verify_email', now, tx);
        if (consumed === undefined) throw ValidationFailed.field('token', MESSAGES.verifyExpired);
        await users.update(consumed, { emailVerified: true }, tx);
        await emailVerified(consumed, now, tx);
        return consumed;
      });
      // Committed: this instance's next /auth/me/ shows it, before the notification arrives.
      signedInUsers.dropUser(userId);
      return { email_verified: true };
    },

    /** Adds work to the transaction of every later email verification (verify-email or a confirmed change). */
    onEmailVerified(listener: EmailVerifiedListener): void {
      emailVerifiedListeners.push(listener);
    },
    /** The work others added to an email verification, in its transaction. */
    emailVerified,

    async requestPasswordReset(client: ClientId, email: string): Promise<void> {
      new FieldErrors(checkBody(PASSWORD_REMINDER_RULES, { email })).throwIfAny();
      const user = await users.findByEmail(client, email.trim());
      if (!user) throw new NotFound(MESSAGES.noUserFound);
      await db.transaction((tx) => sendTokenMail(user, 'password_reset', tx));
    },

    async setNewPassword(token: string, password: string): Promise<void> {
      const errors = new FieldErrors(checkBody(NEW_PASSWORD_RULES, { password }));
      refuseCommonPassword(password, errors);
      errors.throwIfAny();
      const passwordHash = await hash(password);
      const userId = await db.transaction(async (tx) => {
        const now = clock.now();
        const consumed = await tokens.consumeEmailToken(
          hashToken(token),
          'password_reset',
          now,
          tx,
        );
        if (consumed === undefined) throw ValidationFailed.field('token', MESSAGES.resetExpired);
        await users.update(consumed, { passwordHash }, tx);
        // Other reset links of the user die with the change, and so do their sessions.
        await tokens.retireEmailTokens(consumed, 'password_reset', now, tx);
        await tokens.revokeAllForUser(consumed, now, tx);
        await sessions.endAll(consumed, tx);
        await deps.audit.record(
          {
            actor: { userId: consumed, role: 'merchant' },
            action: 'auth.password_changed',
            target: { type: 'user', id: consumed },
            details: { by: 'reset_link' },
          },
          tx,
        );
        return consumed;
      });
      signedInUsers.dropUser(userId);
      sessions.forgetUser(userId);
    },

    /**
     * The caller from a bearer access token: its signature and expiry, its brand (the
     * request's), and its session, live and the user's (one held check on this instance,
     * else one read).
     */
    async authenticate(authorization: string | undefined, client: ClientId): Promise<Caller> {
      const match = /^(?:Bearer|JWT)\s+(\S+)$/i.exec(authorization ?? '');
      const token = match?.[1];
      if (!token) throw new Unauthorized(MESSAGES.unauthorized);
      const caller = await access.verify(token, client, clock.now());
      if (!(await sessions.isLive(caller.sessionId, caller.userId)))
        throw new Unauthorized(MESSAGES.tokenInvalid);
      return caller;
    },

    /** A user by id (in the caller's transaction when given). */
    userById: (id: number, executor?: Executor) => users.findById(id, executor),
    /** The user and their store (if any), in one read of the database (what a write reads back). */
    userWithStore: (id: number) => users.findWithStore(id),
    /**
     * The user and their store (if any) as /auth/me/ shows them: this instance's copy while
     * neither has changed since (user-cache.ts), else one read of the database.
     */
    signedInUser: (id: number) => signedInUsers.userWithStore(id, () => users.findWithStore(id)),
    /** Changes the user's first and last name (those given). */
    async rename(
      id: number,
      names: Pick<Partial<NewUser>, 'firstName' | 'lastName'>,
    ): Promise<void> {
      await users.update(id, names);
      signedInUsers.dropUser(id);
    },

    /** The verified-token cache's figures, for /metrics. */
    verifiedTokenStats: access.stats,
  };
}
export type AuthService = ReturnType<typeof authService>;
