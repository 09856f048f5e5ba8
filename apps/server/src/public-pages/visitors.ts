import { createHmac, randomBytes } from 'node:crypto';
import { addDays } from '../core/platform/clock';
import type { PublicPagesRepository } from './repository';

/** Who sent a counted request, as the request shows it; never stored as such. */
export type Visitor = { ip: string; userAgent: string };

/** HMAC-SHA256 under `key`, as a function of the message. */
const hmacSha256 = (key: Buffer) => (message: string) =>
  createHmac('sha256', key).update(message).digest();

/**
 * Tells visitors apart without cookies or stored personal data: a visitor is
 * the HMAC of the client's address and User-Agent under the day's random key,
 * which every instance reads from the database (visitor_day_keys). The hash
 * changes every day, and once a day's key is deleted (with its visitors, two
 * days later) nobody can tie it to an address again.
 */
export function visitorHasher(repo: Pick<PublicPagesRepository, 'visitorDayKey'>) {
  /** The latest day's key, read once per instance and day. */
  let current: { day: string; key: Promise<(message: string) => Buffer> } | undefined;

  function keyOf(day: string): Promise<(message: string) => Buffer> {
    if (current?.day === day) return current.key;
    const keepFrom = addDays(day, -1);
    const key = repo
      .visitorDayKey({ day, candidate: randomBytes(32).toString('base64url'), keepFrom })
      .then((stored) => hmacSha256(Buffer.from(stored, 'base64url')));
    const entry = { day, key };
    current = entry;
    // A failed read is retried by the next count.
    key.catch(() => {
      if (current === entry) current = undefined;
    });
    return key;
  }

  /** The hash once the day's key is known (`sign`), read first by `hash`. */
  let signer: { day: string; sign: (message: string) => Buffer } | undefined;
  const hashWith = (sign: (message: string) => Buffer, visitor: Visitor) =>
    sign(`${visitor.ip}\n${visitor.userAgent}`).subarray(0, 16).toString('base64url');

  return {
    async hash(visitor: Visitor, day: string): Promise<string> {
      const sign = await keyOf(day);
      signer = { day, sign };
      return hashWith(sign, visitor);
    },
    /** The hash without a wait when the day's key is already in memory, else undefined (then `hash`). */
    hashNow(visitor: Visitor, day: string): string | undefined {
      return signer?.day === day ? hashWith(signer.sign, visitor) : undefined;
    },
  };
}
