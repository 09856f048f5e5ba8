import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256 } from '../src/public-pages/visitors';

describe('the visitor hash', () => {
  it.each([0, 16, 32, 64, 65, 100])('is HMAC-SHA256 under a %i-byte key', (length) => {
    const key = randomBytes(length);
    const hmac = hmacSha256(key);
    for (const message of ['', '127.0.0.1\nBrowser', `10.0.0.${length}\nShopper ${'é'.repeat(length)}`, `10.0.0.1\n${'é'.repeat(500 + length)}`, 'x'.repeat(5000)]) {
      expect(hmac(message).toString('hex')).toBe(createHmac('sha256', key).update(message).digest('hex'));
    }
    // A long message between two short ones leaves nothing behind for the next.
    expect(hmac('short').equals(createHmac('sha256', key).update('short').digest())).toBe(true);
  });
});
