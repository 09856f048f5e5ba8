import type { ClientId } from '@cc/config';
import { and, asc, count, desc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { outbox } from './schema';

export type OutboxRow = typeof outbox.$inferSelect;
/** Mail not sent yet: waiting (pending), given up on (failed), and when the oldest waiting one was written. */
export type OutboxBacklog = { pending: number; failed: number; oldestPendingAt: Date | null };
export type NewMail = Pick<
  typeof outbox.$inferInsert,
  'client' | 'kind' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'headers' | 'attachments'
>;

export function outboxRepository(db: Executor) {
  return {
    async enqueue(mail: NewMail, now: Date, executor: Executor = db): Promise<void> {
      await executor.insert(outbox).values({ ...mail, nextAttemptAt: now, createdAt: now });
    },
    /**
     * Claims up to `limit` due messages for `leaseMs`: rows are picked with
     * FOR UPDATE SKIP LOCKED so several workers never take the same message; only the
     * mail of `clients` when given (the brands the worker has a sender for).
     */
    async claim(
      now: Date,
      leaseMs: number,
      limit: number,
      clients?: readonly ClientId[],
    ): Promise<OutboxRow[]> {
      const due = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'pending'),
            lte(outbox.nextAttemptAt, now),
            clients ? inArray(outbox.client, [...clients]) : undefined,
          ),
        )
        .orderBy(asc(outbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(outbox)
        .set({
          nextAttemptAt: new Date(now.getTime() + leaseMs),
          attempts: sql`${outbox.attempts} + 1`,
        })
        .where(inArray(outbox.id, due))
        .returning();
      return rows.sort((a, b) => a.id - b.id);
    },
    async markSent(id: number, now: Date): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: now, lastError: null })
        .where(eq(outbox.id, id));
    },
    async markFailed(id: number, error: string, retryAt: Date | undefined): Promise<void> {
      await db
        .update(outbox)
        .set(
          retryAt
            ? { lastError: error, nextAttemptAt: retryAt }
            : { lastError: error, status: 'failed' },
        )
        .where(eq(outbox.id, id));
    },
    /** The backlog by status, read through the (status, next_attempt_at) index: sent rows are never counted. */
    async backlog(): Promise<OutboxBacklog> {
      const rows = await db
        .select({ status: outbox.status, count: count(), oldest: min(outbox.createdAt) })
        .from(outbox)
        .where(inArray(outbox.status, ['pending', 'failed']))
        .groupBy(outbox.status);
      const pending = rows.find((row) => row.status === 'pending');
      const failed = rows.find((row) => row.status === 'failed');
      return {
        pending: pending?.count ?? 0,
        failed: failed?.count ?? 0,
        oldestPendingAt: pending?.oldest ?? null,
      };
    },
    async recent(limit: number): Promise<OutboxRow[]> {
      return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;
