import { createHmac, randomBytes } from 'node:crypto';
import { addDays } from '../core/clock';
import type { PublicPagesRepository } from './repository';

/** Who sent a counted request, as the request shows it; never stored as such. */
export type Visitor = { ip: string; userAgent: string };

/**
 * Tells visitors apart without cookies or stored personal data: a visitor is
 * the HMAC of the client's address and User-Agent under the day's random key,
 * which every instance reads from the database (visitor_day_keys). The hash
 * changes every day, and once a day's key is deleted (with its visitors, two
 * days later) nobody can tie it to an address again.
 */
export function visitorHasher(repo: Pick<PublicPagesRepository, 'visitorDayKey'>) {
  /** The latest day's key, read once per instance and day. */
  let current: { day: string; key: Promise<Buffer> } | undefined;

  function keyOf(day: string): Promise<Buffer> {
    if (current?.day === day) return current.key;
    const keepFrom = addDays(day, -1);
    const key = repo
      .visitorDayKey({ day, candidate: randomBytes(32).toString('base64url'), keepFrom })
      .then((stored) => Buffer.from(stored, 'base64url'));
    const entry = { day, key };
    current = entry;
    // A failed read is retried by the next count.
    key.catch(() => {
      if (current === entry) current = undefined;
    });
    return key;
  }

  return async function visitorHash(visitor: Visitor, day: string): Promise<string> {
    const key = await keyOf(day);
    return createHmac('sha256', key)
      .update(`${visitor.ip}\n${visitor.userAgent}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  };
}
