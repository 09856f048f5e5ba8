import type { CoreDeps } from '../core/data/deps';
import { retentionRepository, type RetentionKind } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days each kind is kept past the moment it stopped being needed (RETENTION_* settings). */
export type RetentionDays = {
  /** Email tokens, staff invitations, refresh tokens and sessions, after their use, expiry or revocation. */
  tokens: number;
  /** Local checkout sessions, after they expired. */
  checkout: number;
  /** Sent mail in the outbox, after it was sent. */
  outbox: number;
  /** Audit entries, after they were made. */
  audit: number;
};

export const DEFAULT_RETENTION_DAYS: RetentionDays = {
  tokens: 1,
  checkout: 7,
  outbox: 30,
  audit: 730,
};
export const DEFAULT_RETENTION_BATCH = 1000;

/** The kinds in the order they are purged: a session's tokens go before the session they kept alive. */
const KINDS: { kind: RetentionKind; days: keyof RetentionDays }[] = [
  { kind: 'email_tokens', days: 'tokens' },
  { kind: 'staff_invitations', days: 'tokens' },
  { kind: 'refresh_tokens', days: 'tokens' },
  { kind: 'sessions', days: 'tokens' },
  { kind: 'checkout_sessions', days: 'checkout' },
  { kind: 'outbox', days: 'outbox' },
  { kind: 'audit_events', days: 'audit' },
];

/** Rows a run deleted, by kind; `skipped` when another instance held the purge. */
export type RetentionResult = { deleted: Record<RetentionKind, number>; skipped: boolean };

export type RetentionDeps = Pick<CoreDeps, 'db' | 'clock'> & {
  days: RetentionDays;
  batchSize: number;
};

/**
 * The retention purge: each kind deleted in batches of at most `batchSize` rows, each batch
 * its own short transaction under the purge's advisory lock, until a batch comes back short.
 * An instance that finds the lock held, even between two of its own batches, stops its whole
 * run there: the holder runs every kind and leaves a kind only when a batch comes back short,
 * so instances sharing a database delete each row once, none waits, and none moves on from a
 * kind another has left half done.
 */
export function retentionService(deps: RetentionDeps) {
  const { db, clock } = deps;
  const repository = retentionRepository(db);

  /** Deletes `kind` past `cutoff` batch by batch; `locked` when another instance took the lock between batches. */
  async function purgeKind(
    kind: RetentionKind,
    cutoff: Date,
  ): Promise<{ total: number; isLocked: boolean }> {
    let total = 0;
    for (;;) {
      const deleted = await db.transaction(async (tx) => {
        if (!(await repository.tryLock(tx))) return 'locked' as const;
        return repository.purgeBatch(kind, cutoff, deps.batchSize, tx);
      });
      if (deleted === 'locked') return { total, isLocked: true };
      total += deleted;
      if (deleted < deps.batchSize) return { total, isLocked: false };
    }
  }

  return {
    /** Purges every kind past its age limit on the clock's now. */
    async run(signal?: AbortSignal): Promise<RetentionResult> {
      const now = clock.now().getTime();
      const deleted = Object.fromEntries(KINDS.map(({ kind }) => [kind, 0])) as Record<
        RetentionKind,
        number
      >;
      for (const { kind, days } of KINDS) {
        if (signal?.aborted) break;
        const result = await purgeKind(kind, new Date(now - deps.days[days] * DAY_MS));
        deleted[kind] = result.total;
        // The lock's holder runs every kind too and leaves each only once it is empty.
        if (result.isLocked) return { deleted, skipped: true };
      }
      return { deleted, skipped: false };
    },
  };
}
export type RetentionService = ReturnType<typeof retentionService>;
