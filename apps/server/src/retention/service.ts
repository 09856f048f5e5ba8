import type { CoreDeps } from '../core/deps';
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

export const DEFAULT_RETENTION_DAYS: RetentionDays = { tokens: 1, checkout: 7, outbox: 30, audit: 730 };
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

export type RetentionDeps = Pick<CoreDeps, 'db' | 'clock'> & { days: RetentionDays; batchSize: number };

/**
 * The retention purge: each kind deleted in batches of at most `batchSize` rows, each batch
 * its own short transaction under the purge's advisory lock, until a batch comes back short.
 * An instance that finds the lock held stops its run there (the holder is purging the same
 * rows), so instances sharing a database delete each row once and none waits.
 */
export function retentionService(deps: RetentionDeps) {
  const { db, clock } = deps;
  const repository = retentionRepository(db);

  async function purgeKind(kind: RetentionKind, cutoff: Date): Promise<number | 'locked'> {
    let total = 0;
    for (;;) {
      const deleted = await db.transaction(async (tx) => {
        if (!(await repository.tryLock(tx))) return 'locked' as const;
        return repository.purgeBatch(kind, cutoff, deps.batchSize, tx);
      });
      if (deleted === 'locked') return total > 0 ? total : 'locked';
      total += deleted;
      if (deleted < deps.batchSize) return total;
    }
  }

  return {
    /** Purges every kind past its age limit on the clock's now. */
    async run(signal?: AbortSignal): Promise<RetentionResult> {
      const now = clock.now().getTime();
      const deleted = Object.fromEntries(KINDS.map(({ kind }) => [kind, 0])) as Record<RetentionKind, number>;
      for (const { kind, days } of KINDS) {
        if (signal?.aborted) break;
        const result = await purgeKind(kind, new Date(now - deps.days[days] * DAY_MS));
        if (result === 'locked') return { deleted, skipped: true };
        deleted[kind] = result;
      }
      return { deleted, skipped: false };
    },
  };
}
export type RetentionService = ReturnType<typeof retentionService>;
