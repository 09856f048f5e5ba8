import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Query parameters that carry a secret (a refresh token, a signed link's signature, a
 * one-time code): their values never reach a log line. Matched by name, any letter case,
 * and by suffix (`access_token`, `upload_signature`).
 */
const SECRET_PARAM =
  /(?:^|_)(?:token|refresh|code|signature|sig|secret|password|key|otp|session(?:_?id)?)$/i;

/** What a log line shows instead of a secret. */
export const REDACTED = '[redacted]';

/** Paths whose next segment is itself a secret: a receipt's or a checkout session's unguessable id. */
const SECRET_SEGMENT_AFTER = ['/checkout/receipts/', '/checkout/sessions/'];

function redactPath(path: string): string {
  for (const prefix of SECRET_SEGMENT_AFTER) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf('/');
    return `${prefix}${REDACTED}${slash === -1 ? '' : rest.slice(slash)}`;
  }
  return path;
}

/**
 * The request URL as a log line may show it: every secret query parameter's value
 * replaced, and a receipt's or checkout session's id in the path; the rest as sent. A URL that cannot be read keeps
 * only its path.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return redactPath(url);
  const path = redactPath(url.slice(0, query));
  const parts = url
    .slice(query + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const rawName = equals === -1 ? part : part.slice(0, equals);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        return `${rawName}=${REDACTED}`;
      }
      return SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : part;
    });
  return `${path}?${parts.join('&')}`;
}

/**
 * The request as every log line of it shows it: method, redacted URL, host and the
 * caller's address; never headers (no Authorization, no Cookie) or the body.
 */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * The server's logger settings: the level, and serializers and redaction so no token,
 * cookie or authorization header reaches the log, whatever logs a request or an error.
 * `extra` adds a destination (a test's stream) or replaces the level.
 */
export function loggerOptions(
  level: string,
  extra: Exclude<FastifyServerOptions['logger'], boolean | undefined> | undefined = undefined,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...extra,
    serializers: { req: requestForLog },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
        'err.config.headers.authorization',
      ],
      censor: REDACTED,
    },
  };
}
