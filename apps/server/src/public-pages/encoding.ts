import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';
import { Negotiator, type CacheStore } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * A text (page, stylesheet, script) encoded once for the encodings it is served in: br and
 * gzip always; the identity bytes too when kept (`encodedBody` makes them from gzip otherwise).
 */
export type EncodedText = {
  /** The identity representation's strong ETag; compressed ones add -br / -gz inside the quotes. */
  etag: string;
  bodies: { br: Buffer; gzip: Buffer; identity?: Buffer | undefined };
};

/**
 * How hard to compress. `static`: the most (the page assets, compressed once at start).
 * `dynamic`: the levels servers use for content made per request (brotli 5, gzip 6), a
 * fraction of the time for a few percent more bytes, since a store page not in the cache is
 * compressed while its shopper waits.
 */
export type Effort = 'static' | 'dynamic';
const BROTLI_QUALITY: Record<Effort, number> = { static: constants.BROTLI_MAX_QUALITY, dynamic: 5 };
const GZIP_LEVEL: Record<Effort, number> = { static: constants.Z_BEST_COMPRESSION, dynamic: 6 };

const ETAG_SUFFIX: Record<Encoding, string> = { identity: '', br: '-br', gzip: '-gz' };

/** The text in br and gzip (and as it is, with `keepIdentity`), its ETag from the identity bytes. */
export async function encodeText(
  text: string,
  options: { effort?: Effort; keepIdentity?: boolean } = {},
): Promise<EncodedText> {
  const { effort = 'static', keepIdentity = true } = options;
  const body = Buffer.from(text, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: GZIP_LEVEL[effort] }),
  ]);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {
    etag: `"${hash}"`,
    bodies: { br, gzip: gz, ...(keepIdentity ? { identity: body } : {}) },
  };
}

/** The bytes of one representation: held, or (identity not kept) inflated from gzip for this answer. */
export function encodedBody(text: EncodedText, encoding: Encoding): Buffer {
  if (encoding !== 'identity') return text.bodies[encoding];
  return text.bodies.identity ?? gunzipSync(text.bodies.gzip);
}

/** The ETag of one representation (RFC 9110: a strong tag per content coding). */
export function etagFor(page: Pick<EncodedText, 'etag'>, encoding: Encoding): string {
  return encoding === 'identity' ? page.etag : `${page.etag.slice(0, -1)}${ETAG_SUFFIX[encoding]}"`;
}

/** True when If-None-Match lists this page in any encoding (weak comparison, as for GET). */
export function isNotModified(
  ifNoneMatch: string | undefined,
  page: Pick<EncodedText, 'etag'>,
): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => {
    const plain = tag
      .trim()
      .replace(/^W\//, '')
      .replace(/-(br|gz)"$/, '"');
    return plain === page.etag;
  });
}

/**
 * A few distinct Accept-Encoding values come from real browsers; whatever is sent, the
 * negotiator's memo of them stays within 256 KB (a fixed budget: it is too small to tune).
 * "No encoding accepted" (the negotiator's null) is kept as ''.
 */
const acceptEncodings = new LRUCache<string, string>({
  maxSize: 256 * 1024,
  sizeCalculation: (value, key) => 64 + 2 * (key.length + value.length),
});
const memo: CacheStore = {
  has: (key) => acceptEncodings.has(key),
  get: (key) => acceptEncodings.get(key),
  set: (key, value: string | null) => {
    acceptEncodings.set(key, value ?? '');
    return memo;
  },
};

const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'], cache: memo });

/** The best encoding the client accepts: br, then gzip, else identity. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const chosen = negotiator.negotiate(acceptEncoding);
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}
