import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_AUDIENCE_HEADER, STAFF_AUDIENCE, type AuthTokens } from '@cc/contract';
import type { SessionTokens } from './service';

/**
 * The only paths the refresh cookie is sent to. A cookie has one Path, so the same value
 * is set under each; browsers match the path exactly as written, trailing slash included,
 * so clients call these very paths.
 */
export const REFRESH_COOKIE_PATHS = [
  '/api/v1/auth/token/refresh/',
  '/api/v1/auth/logout/',
] as const;

/** Page scripts never see the cookie; Secure in production comes from the cookie plugin (app.ts). */
const ATTRIBUTES: CookieSerializeOptions = { httpOnly: true, sameSite: 'strict' };

/**
 * One cookie name per audience: brands and the staff console share a host in development
 * (cookies ignore ports), so a merchant's cookie is named after its client (cc_refresh_7)
 * and the staff console's after staff (cc_refresh_staff_7).
 */
export function refreshCookieName(request: FastifyRequest): string {
  const isStaff = request.headers[SESSION_AUDIENCE_HEADER] === STAFF_AUDIENCE;
  return `cc_refresh_${isStaff ? 'staff_' : ''}${request.clientId}`;
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[refreshCookieName(request)] || undefined;
}

/** The answer to a browser: the refresh token goes into the cookie until it expires, not into the body. */
export function withRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: SessionTokens,
): AuthTokens {
  const { refresh, ...body } = tokens;
  const expires = new Date(tokens.refresh_expiration);
  const maxAge = Math.max(
    0,
    Math.floor((expires.getTime() - request.server.clock.now().getTime()) / 1000),
  );
  for (const path of REFRESH_COOKIE_PATHS) {
    reply.setCookie(refreshCookieName(request), refresh, { ...ATTRIBUTES, path, expires, maxAge });
  }
  return body;
}

/** Expires the cookie under both paths. */
export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  for (const path of REFRESH_COOKIE_PATHS)
    reply.clearCookie(refreshCookieName(request), { ...ATTRIBUTES, path });
}
