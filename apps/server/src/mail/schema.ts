import type { ClientId } from '@cc/config';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../core/data/columns';

/** A file a queued mail carries, named by what it is (its kind) and which one. */
export type AttachmentRef = { kind: string; id: string };

/** Email outbox: written in the transaction of the change; a worker sends it. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    client: integer('client').$type<ClientId>().notNull(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra headers of the message, such as List-Unsubscribe on optional mail. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** The files the mail carries, by reference (a receipt's invoice): built when it is sent, never stored. */
    attachments: jsonb('attachments').$type<AttachmentRef[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);
