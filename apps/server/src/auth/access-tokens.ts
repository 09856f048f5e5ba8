import { createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { isClientId, type ClientId } from '@cc/config';
import { MESSAGES } from '@cc/contract';
import { boundedCache } from '../core/cache/bounded-cache';
import type { Caller } from '../core/data/deps';
import { Unauthorized } from '../core/http/errors';

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;

/** A session id as the access tokens carry it (a UUID; older backfilled families are UUIDs too). */
const MAX_SESSION_ID_LENGTH = 64;

/**
 * The access tokens: HS256 JWTs naming the user (`sub`), their brand (`cid`) and their
 * session (`sid`). Verified signatures are held within a byte budget (least recently used
 * first out), never trusted past the token's expiry: purely a cache, as every instance can
 * verify any token by itself.
 */
export function accessTokens(params: { secret: string; budgetBytes: number }) {
  const key = createSecretKey(Buffer.from(params.secret, 'utf8'));
  const verified = boundedCache<string, Caller & { expiresAt: number }>({
    budgetBytes: params.budgetBytes,
    sizeOf: (claims, token) => 2 * token.length + 2 * claims.sessionId.length + 112,
  });

  return {
    /** A signed access token for the user's session, valid for ACCESS_TOKEN_TTL_MS from `now`. */
    async sign(
      caller: { userId: number; client: ClientId; sessionId: string },
      now: Date,
    ): Promise<{ token: string; expires: Date }> {
      const expires = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
      const token = await new SignJWT({ cid: caller.client, sid: caller.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(caller.userId))
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expires.getTime() / 1000))
        .sign(key);
      return { token, expires };
    },

    /** The caller a bearer token names, its signature and expiry checked (not yet its session). */
    async verify(token: string, client: ClientId, now: Date): Promise<Caller> {
      let claims = verified.get(token);
      if (!claims) {
        try {
          const { payload } = await jwtVerify(token, key, {
            algorithms: ['HS256'],
            currentDate: now,
          });
          const userId = Number(payload.sub);
          const { cid, sid, exp } = payload;
          if (!Number.isInteger(userId) || !isClientId(cid) || exp === undefined)
            throw new Error('claims');
          // A token from before sessions (no sid) names no session that could be ended: refused.
          if (typeof sid !== 'string' || sid === '' || sid.length > MAX_SESSION_ID_LENGTH)
            throw new Error('sid');
          claims = { userId, client: cid, sessionId: sid, expiresAt: exp * 1000 };
        } catch {
          throw new Unauthorized(MESSAGES.tokenInvalid);
        }
        verified.set(token, claims);
      }
      if (claims.expiresAt <= now.getTime() || claims.client !== client)
        throw new Unauthorized(MESSAGES.tokenInvalid);
      return { userId: claims.userId, client, sessionId: claims.sessionId };
    },

    /** The verified-token cache's figures, for /metrics. */
    stats: verified.stats,
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;
