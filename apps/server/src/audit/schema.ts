import type { ClientId } from '@cc/config';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail, append-only: a trigger (migration 0019) refuses UPDATE, and DELETE unless
 * the transaction set `cc.audit_purge` to 'on' (the retention purge). No foreign keys: an
 * entry outlives its actor and its target (a deleted account keeps its history).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** From the app's clock. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null for the system, or a failed sign-in of an unknown address. */
    actorUserId: integer('actor_user_id'),
    actorRole: text('actor_role', { enum: ['merchant', 'staff', 'system'] }).notNull(),
    /** The actor's address as it was then. */
    actorEmail: text('actor_email').notNull().default(''),
    action: text('action').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    client: integer('client').$type<ClientId>(),
    ip: text('ip').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_events_actor_idx').on(t.actorUserId, t.at.desc(), t.id.desc()),
    index('audit_events_actor_email_idx').on(t.actorEmail, t.at.desc(), t.id.desc()),
    index('audit_events_action_idx').on(t.action, t.at.desc(), t.id.desc()),
    index('audit_events_target_idx').on(t.targetType, t.targetId, t.at.desc(), t.id.desc()),
  ],
);
export type AuditRow = typeof auditEvents.$inferSelect;
export type NewAuditRow = typeof auditEvents.$inferInsert;
