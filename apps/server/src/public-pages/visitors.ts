import { hash, randomBytes } from 'node:crypto';
import { addDays } from '../core/clock';
import type { PublicPagesRepository } from './repository';

/** Who sent a counted request, as the request shows it; never stored as such. */
export type Visitor = { ip: string; userAgent: string };

/** Room for the message after the key's block in the scratch buffer; a longer one is copied together. */
const MESSAGE_ROOM = 1024;

/**
 * HMAC-SHA256 (RFC 2104) under `key` from two one-shot hashes over the key's padded blocks
 * made once: a shopper's count hashes on the request path, where preparing a keyed hash
 * object for each (createHmac) cost several times more.
 */
export function hmacSha256(key: Buffer): (message: string) => Buffer {
  const BLOCK = 64;
  const block = Buffer.alloc(BLOCK);
  (key.length > BLOCK ? hash('sha256', key, 'buffer') : key).copy(block);
  const inner = Buffer.alloc(BLOCK + MESSAGE_ROOM);
  const outer = Buffer.alloc(BLOCK + 32);
  for (let i = 0; i < BLOCK; i += 1) {
    inner[i] = (block[i] ?? 0) ^ 0x36;
    outer[i] = (block[i] ?? 0) ^ 0x5c;
  }
  return (message) => {
    // A UTF-8 character takes at most 4 bytes: with more room than that left, all of it was written.
    const written = inner.write(message, BLOCK, 'utf8');
    const innerInput =
      written <= MESSAGE_ROOM - 4 ? inner.subarray(0, BLOCK + written) : Buffer.concat([inner.subarray(0, BLOCK), Buffer.from(message, 'utf8')]);
    hash('sha256', innerInput, 'buffer').copy(outer, BLOCK);
    return hash('sha256', outer, 'buffer');
  };
}

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
