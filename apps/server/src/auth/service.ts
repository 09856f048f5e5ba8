import { createSecretKey, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { jwtVerify, SignJWT } from 'jose';
import {
  isClientId,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_TOKEN_TTL_MS,
  VERIFY_EMAIL_TOKEN_TTL_MS,
  type ClientId,
} from '@cc/config';
import { isEmail, MESSAGES, type AuthTokens, type EmailRegisterBody } from '@cc/contract';
import type { Executor } from '../core/db';
import { Conflict, FieldErrors, NotFound, Unauthorized, ValidationFailed } from '../core/errors';
import { composeMail, type MailKind } from '../mail/templates';
import { usersRepository, type NewUser, type UserRow } from './repository';
import type { SignedInUserCache } from './user-cache';
import { tokensRepository } from './tokens-repository';
import { boundedCache } from '../core/bounded-cache';
import type { Caller, CoreDeps } from '../core/deps';
import type { OutboxService } from '../mail/service';
import { hashToken, randomToken } from '../core/secrets';

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A new session's tokens, the refresh token always with them; routes decide where it travels. */
export type SessionTokens = AuthTokens & { refresh: string };

/** A hash to compare against when the email is unknown, so both paths cost the same. */
let decoyHash: Promise<string> | undefined;

export type AuthDeps = CoreDeps & {
  jwtSecret: string;
  /** Bytes the verified access tokens may hold (core/cache-budgets.ts). */
  verifiedTokensBudget: number;
  /** This instance's copy of the signed-in users with their stores, for /auth/me/ (user-cache.ts). */
  signedInUsers: SignedInUserCache;
  outbox: Pick<OutboxService, 'enqueue'>;
};

export function authService(deps: AuthDeps) {
  const { db, clock, signedInUsers } = deps;
  const users = usersRepository(db);
  const tokens = tokensRepository(db);
  const key = createSecretKey(Buffer.from(deps.jwtSecret, 'utf8'));

  // Signature checks of recently seen access tokens, within a byte budget (least recently
  // used first out); an entry is never trusted past its token's expiry. Purely a cache:
  // every instance can verify any token by itself.
  const verified = boundedCache<string, { userId: number; client: ClientId; expiresAt: number }>({
    budgetBytes: deps.verifiedTokensBudget,
    sizeOf: (_claims, token) => 2 * token.length + 96,
  });

  async function issueTokens(user: UserRow, familyId: string, executor: Executor = db): Promise<SessionTokens> {
    const now = clock.now();
    const accessExpires = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
    const refreshExpires = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
    const token = await new SignJWT({ cid: user.client })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(accessExpires.getTime() / 1000))
      .sign(key);
    const refresh = randomToken();
    await tokens.insertRefresh(
      { userId: user.id, familyId, tokenHash: hashToken(refresh), expiresAt: refreshExpires, createdAt: now },
      executor,
    );
    return {
      token,
      refresh,
      expiration: accessExpires.toISOString(),
      refresh_expiration: refreshExpires.toISOString(),
    };
  }

  async function sendTokenMail(user: UserRow, kind: MailKind, executor: Executor): Promise<void> {
    const token = randomToken();
    const now = clock.now();
    const ttl = kind === 'verify_email' ? VERIFY_EMAIL_TOKEN_TTL_MS : PASSWORD_RESET_TOKEN_TTL_MS;
    await tokens.insertEmailToken(
      { userId: user.id, purpose: kind, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + ttl), createdAt: now },
      executor,
    );
    const client = isClientId(user.client) ? user.client : 7;
    const mail = composeMail({ kind, client, origin: deps.brandOrigins[client], to: user.email, token });
    await deps.outbox.enqueue(mail, now, executor);
  }

  function checkPassword(password: string, errors: FieldErrors): void {
    if (password === '') errors.add('password', MESSAGES.required);
    else if (password.length < PASSWORD_MIN_LENGTH) errors.add('password', MESSAGES.passwordTooShort);
  }

  return {
    async register(client: ClientId, body: EmailRegisterBody): Promise<SessionTokens> {
      const email = body.email.trim().toLowerCase();
      const errors = new FieldErrors();
      if (email === '') errors.add('email', MESSAGES.required);
      else if (!isEmail(email)) errors.add('email', MESSAGES.invalidEmail);
      checkPassword(body.password, errors);
      errors.throwIfAny();
      const passwordHash = await hash(body.password);
      return db.transaction(async (tx) => {
        const user = await users.insert(
          {
            client,
            email,
            passwordHash,
            firstName: body.first_name ?? '',
            lastName: body.last_name ?? '',
            userType: body.type ?? 2,
            createdAt: clock.now(),
          },
          tx,
        );
        if (!user) throw new Conflict(MESSAGES.duplicateUser);
        await sendTokenMail(user, 'verify_email', tx);
        return issueTokens(user, randomUUID(), tx);
      });
    },

    async login(client: ClientId, email: string, password: string): Promise<SessionTokens> {
      const errors = new FieldErrors();
      if (email.trim() === '') errors.add('email', MESSAGES.required);
      if (password === '') errors.add('password', MESSAGES.required);
      errors.throwIfAny();
      const user = await users.findByEmail(client, email.trim());
      if (!user) {
        decoyHash ??= hash('decoy password');
        await verify(await decoyHash, password);
        throw new Unauthorized(MESSAGES.invalidCredentials);
      }
      if (!(await verify(user.passwordHash, password))) throw new Unauthorized(MESSAGES.invalidCredentials);
      return issueTokens(user, randomUUID());
    },

    /** Rotates a refresh token; presenting a used one revokes its whole family. */
    async refresh(refresh: string): Promise<SessionTokens> {
      const tokenHash = hashToken(refresh);
      const now = clock.now();
      const used = await tokens.useRefresh(tokenHash, now);
      if (!used) {
        // Unknown, or already rotated/revoked: a replayed token ends every session of its family.
        const known = await tokens.findRefresh(tokenHash);
        if (known) await tokens.revokeFamily(known.familyId, now);
        throw new Unauthorized(MESSAGES.tokenInvalid);
      }
      if (used.expiresAt.getTime() <= now.getTime()) throw new Unauthorized(MESSAGES.tokenInvalid);
      const user = await users.findById(used.userId);
      if (!user) throw new Unauthorized(MESSAGES.tokenInvalid);
      return issueTokens(user, used.familyId);
    },

    /**
     * Ends sessions: the refresh token's whole family when one is given (holding it is
     * proof enough, so an expired access token does not block logout), otherwise every
     * session of the authenticated caller.
     */
    async logout(session: { refresh: string } | { caller: Caller }): Promise<void> {
      const now = clock.now();
      if ('caller' in session) return tokens.revokeAllForUser(session.caller.userId, now);
      const known = await tokens.findRefresh(hashToken(session.refresh));
      if (!known) throw new Unauthorized(MESSAGES.tokenInvalid);
      await tokens.revokeFamily(known.familyId, now);
    },

    async verifyEmail(token: string): Promise<{ email_verified: boolean }> {
      const userId = await db.transaction(async (tx) => {
        const consumed = await tokens.consumeEmailToken(hashToken(token), 'verify_email', clock.now(), tx);
        if (consumed === undefined) throw ValidationFailed.field('token', MESSAGES.verifyExpired);
        await users.update(consumed, { emailVerified: true }, tx);
        return consumed;
      });
      // Committed: this instance's next /auth/me/ shows it, before the notification arrives.
      signedInUsers.dropUser(userId);
      return { email_verified: true };
    },

    async requestPasswordReset(client: ClientId, email: string): Promise<void> {
      if (email.trim() === '') throw ValidationFailed.field('email', MESSAGES.required);
      const user = await users.findByEmail(client, email.trim());
      if (!user) throw new NotFound(MESSAGES.noUserFound);
      await db.transaction((tx) => sendTokenMail(user, 'password_reset', tx));
    },

    async setNewPassword(token: string, password: string): Promise<void> {
      const errors = new FieldErrors();
      checkPassword(password, errors);
      errors.throwIfAny();
      const passwordHash = await hash(password);
      const userId = await db.transaction(async (tx) => {
        const now = clock.now();
        const consumed = await tokens.consumeEmailToken(hashToken(token), 'password_reset', now, tx);
        if (consumed === undefined) throw ValidationFailed.field('token', MESSAGES.resetExpired);
        await users.update(consumed, { passwordHash }, tx);
        // Other reset links of the user die with the change, and so do their sessions.
        await tokens.retireEmailTokens(consumed, 'password_reset', now, tx);
        await tokens.revokeAllForUser(consumed, now, tx);
        return consumed;
      });
      signedInUsers.dropUser(userId);
    },

    /** The caller from a bearer access token; the token must belong to the request's client. */
    async authenticate(authorization: string | undefined, client: ClientId): Promise<Caller> {
      const match = /^(?:Bearer|JWT)\s+(\S+)$/i.exec(authorization ?? '');
      const token = match?.[1];
      if (!token) throw new Unauthorized(MESSAGES.unauthorized);
      const now = clock.now();
      let claims = verified.get(token);
      if (!claims) {
        try {
          const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
          const userId = Number(payload.sub);
          if (!Number.isInteger(userId) || !isClientId(payload.cid) || payload.exp === undefined) throw new Error('claims');
          claims = { userId, client: payload.cid, expiresAt: payload.exp * 1000 };
        } catch {
          throw new Unauthorized(MESSAGES.tokenInvalid);
        }
        verified.set(token, claims);
      }
      if (claims.expiresAt <= now.getTime() || claims.client !== client) throw new Unauthorized(MESSAGES.tokenInvalid);
      return { userId: claims.userId, client };
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
    async rename(id: number, names: Pick<Partial<NewUser>, 'firstName' | 'lastName'>): Promise<void> {
      await users.update(id, names);
      signedInUsers.dropUser(id);
    },

    /** The verified-token cache's figures, for /metrics. */
    verifiedTokenStats: verified.stats,
  };
}
export type AuthService = ReturnType<typeof authService>;
