import type { ClientId } from '@cc/config';
import type { Clock } from '../core/platform/clock';
import type { Db } from '../core/data/db';
import type { Executor } from '../core/data/db';
import { outboxRepository, type NewMail, type OutboxRow } from './repository';
import type { AttachmentSource, MailAttachment } from './types';
import { mailWorker, type Sender } from './worker';

/**
 * The outbox as other features use it: queue a mail (in the caller's transaction), read the
 * backlog and the latest messages, name the files a kind of mail attaches, and a worker that
 * sends what is due.
 */
export function outboxService(deps: { db: Db; clock: Clock }) {
  const repo = outboxRepository(deps.db);
  const sources = new Map<string, AttachmentSource>();
  const attachmentsOf = (mail: OutboxRow): MailAttachment[] =>
    mail.attachments.map((ref) => {
      const source = sources.get(ref.kind);
      // A reference nobody builds is an error at send time (retried, then failed), never a mail sent without it.
      if (!source) throw new Error(`no attachment source for ${ref.kind}`);
      return source(ref, mail);
    });
  return {
    /** Queues a mail, in the caller's transaction when given, so it is sent only if that commits. */
    enqueue: (mail: NewMail, now: Date, executor?: Executor) => repo.enqueue(mail, now, executor),
    /** Mail not sent yet, by status, and the oldest waiting one's time. */
    backlog: () => repo.backlog(),
    /** The latest messages, newest first. */
    recent: (limit: number) => repo.recent(limit),
    /** Builds the files of one kind of attachment reference (one source a kind) when a mail carrying one is sent. */
    attach(kind: string, source: AttachmentSource): void {
      sources.set(kind, source);
    },
    /** The files a queued mail carries (their names for the mailbox; their bytes when sent). */
    attachmentsOf,
    /** A worker sending the due mail through `send` (worker.ts), with their attachments; not started. */
    worker: (params: { send: Sender; batch?: number; clients?: readonly ClientId[] }) =>
      mailWorker({ outbox: repo, clock: deps.clock, attachmentsOf, ...params }),
  };
}
export type OutboxService = ReturnType<typeof outboxService>;
