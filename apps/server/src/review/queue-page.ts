import { NotFound } from '../core/http/errors';
import {
  segmentsOf,
  type KeyedRow,
  type QueueKey,
  type ReviewRepository,
  type ReviewStatus,
} from './repository';

/** Where pages are read from: the repository's segments and each segment's count (held or counted). */
export type QueueSource = Pick<ReviewRepository, 'segment' | 'count'>;

/** A place to page from: after a store's key (next) or before it (previous). */
export type QueueCursor = QueueKey & { backward: boolean };

const QUEUED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const INVALID_CURSOR = 'Invalid cursor';

/** A queued_at of a cursor names a real instant (no 30 February): it reads back the same to the millisecond. */
function isRealTime(text: string): boolean {
  if (!QUEUED_AT.test(text)) return false;
  const millis = Date.parse(`${text.slice(0, 23)}Z`);
  return !Number.isNaN(millis) && new Date(millis).toISOString().slice(0, 23) === text.slice(0, 23);
}

/** An opaque cursor for a page link (DRF's CursorPagination answers a bad one with 404 "Invalid cursor"). */
export function encodeCursor(cursor: QueueCursor): string {
  const parts = [cursor.backward ? 'p' : 'n', cursor.segment, cursor.queuedAt, cursor.id];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeCursor(text: string): QueueCursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new NotFound(INVALID_CURSOR);
  }
  if (!Array.isArray(parts) || parts.length !== 4) throw new NotFound(INVALID_CURSOR);
  const [direction, segment, queuedAt, id] = parts as unknown[];
  if (
    (direction !== 'n' && direction !== 'p') ||
    (segment !== 0 && segment !== 1) ||
    typeof queuedAt !== 'string' ||
    !isRealTime(queuedAt) ||
    typeof id !== 'number' ||
    !Number.isInteger(id) ||
    id < 1 ||
    id > 2147483647
  ) {
    throw new NotFound(INVALID_CURSOR);
  }
  return { backward: direction === 'p', segment, queuedAt, id };
}

/** The search term as a slug prefix: lowercased, spaces as hyphens; empty means no search. */
export function searchPrefix(search: string | undefined): string | undefined {
  const prefix = search?.trim().toLowerCase().replace(/\s+/g, '-');
  return prefix || undefined;
}

export type KeysetPage = {
  rows: KeyedRow[];
  next: QueueCursor | null;
  previous: QueueCursor | null;
};

/**
 * One page of the queue by keyset: from the cursor's segment onwards (or backwards), each
 * segment read through its partial index until the page (plus one row, to know whether
 * more follow) is full.
 */
export async function keysetPage(
  repo: QueueSource,
  params: {
    status: ReviewStatus | undefined;
    search: string | undefined;
    cursor: QueueCursor | undefined;
    size: number;
  },
): Promise<KeysetPage> {
  const { cursor, size, search } = params;
  const backward = cursor?.backward ?? false;
  const ordered = segmentsOf(params.status);
  const segments = backward ? [...ordered].reverse() : ordered;
  const start = cursor
    ? segments.findIndex((segment) => (segment === 'pending' ? 0 : 1) === cursor.segment)
    : 0;
  if (start < 0) throw new NotFound(INVALID_CURSOR);
  const rows: KeyedRow[] = [];
  for (let i = start; i < segments.length && rows.length <= size; i += 1) {
    const segment = segments[i];
    if (!segment) break;
    const after = i === start ? cursor : undefined;
    rows.push(
      ...(await repo.segment({ segment, search, after, backward, limit: size + 1 - rows.length })),
    );
  }
  const more = rows.length > size;
  const page = rows.slice(0, size);
  if (backward) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const hasNext = backward ? page.length > 0 : more;
  const hasPrevious = backward ? more : cursor !== undefined && page.length > 0;
  return {
    rows: page,
    next: hasNext && last ? { ...last.key, backward: false } : null,
    previous: hasPrevious && first ? { ...first.key, backward: true } : null,
  };
}

/** The queue's size under a filter: the sum of its segments' counts. */
export async function queueCount(
  repo: QueueSource,
  status: ReviewStatus | undefined,
  search: string | undefined,
): Promise<number> {
  const counts = await Promise.all(
    segmentsOf(status).map((segment) => repo.count(segment, search)),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

/** Rows at an offset of the queue (the legacy page-number calls), segment by segment. */
export async function offsetPage(
  repo: QueueSource,
  params: { status: ReviewStatus | undefined; offset: number; limit: number },
): Promise<{ total: number; rows: KeyedRow[] }> {
  const segments = segmentsOf(params.status);
  const counts = await Promise.all(segments.map((segment) => repo.count(segment, undefined)));
  let skip = params.offset;
  const rows: KeyedRow[] = [];
  for (const [i, segment] of segments.entries()) {
    const inSegment = counts[i] ?? 0;
    if (rows.length >= params.limit) break;
    if (skip >= inSegment) {
      skip -= inSegment;
      continue;
    }
    rows.push(
      ...(await repo.segment({ segment, offset: skip, limit: params.limit - rows.length })),
    );
    skip = 0;
  }
  return { total: counts.reduce((sum, n) => sum + n, 0), rows };
}
