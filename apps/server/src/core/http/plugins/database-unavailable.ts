/**
 * Whether an error means the database cannot be reached now (refused, reset or cut
 * connections, a server shutting down or starting, too many connections, a pool that gave
 * up waiting), as opposed to a fault in the query: the first is a 503 the caller may retry,
 * the second a 500. Drizzle wraps the driver's error: the chain of causes is followed.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: connection exceptions (class 08), operator intervention (57P01-57P03), too many connections.
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
  'the database system is',
];

/** Seconds a 503 asks the caller to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (
      UNAVAILABLE_MESSAGES.some(
        (text) => current instanceof Error && current.message.includes(text),
      )
    )
      return true;
    if (
      current instanceof AggregateError &&
      current.errors.some((inner) => isDatabaseUnavailable(inner))
    )
      return true;
    current = current.cause;
  }
  return false;
}
