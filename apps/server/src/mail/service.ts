import type { Clock } from '../core/clock';
import type { Db } from '../core/db';
import type { Executor } from '../core/db';
import { outboxRepository, type NewMail } from './repository';
import { mailWorker, type Sender } from './worker';

/**
 * The outbox as other features use it: queue a mail (in the caller's transaction), read the
 * backlog and the latest messages, and a worker that sends what is due.
 */
export function outboxService(deps: { db: Db; clock: Clock }) {
  const repo = outboxRepository(deps.db);
  return {
    /** Queues a mail, in the caller's transaction when given, so it is sent only if that commits. */
    enqueue: (mail: NewMail, now: Date, executor?: Executor) => repo.enqueue(mail, now, executor),
    /** Mail not sent yet, by status, and the oldest waiting one's time. */
    backlog: () => repo.backlog(),
    /** The latest messages, newest first. */
    recent: (limit: number) => repo.recent(limit),
    /** A worker sending the due mail through `send` (worker.ts); not started. */
    worker: (params: { send: Sender; batch?: number }) => mailWorker({ outbox: repo, clock: deps.clock, ...params }),
  };
}
export type OutboxService = ReturnType<typeof outboxService>;
