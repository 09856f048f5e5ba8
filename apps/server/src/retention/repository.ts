import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../core/data/db';

/** What the retention purge deletes, each kind with its own age limit (RETENTION_* settings). */
export type RetentionKind =
  | 'email_tokens'
  | 'staff_invitations'
  | 'refresh_tokens'
  | 'sessions'
  | 'checkout_sessions'
  | 'outbox'
  | 'audit_events';

/**
 * The rows of each kind past its cutoff: the statement that picks at most `limit` of them.
 * Other features' tables are named in SQL only here, to delete what they no longer need:
 * - email tokens used, or expired, before the cutoff, and staff invitations likewise;
 * - refresh tokens expired, used (rotated) or revoked before it;
 * - sessions revoked before it, or signed in and last used before it with no refresh token
 *   left that expires after it (a session is made just before its first token: a new one is kept);
 * - local checkout sessions expired before it;
 * - outbox mail sent before it (pending and failed mail stays);
 * - audit entries made before it.
 */
function batch(kind: RetentionKind, cutoff: string, limit: number): SQL {
  const at = sql`${cutoff}::timestamptz`;
  switch (kind) {
    case 'email_tokens':
      return sql`delete from email_tokens where id in (
        select id from email_tokens where used_at < ${at} or expires_at < ${at} limit ${limit}) returning id`;
    case 'staff_invitations':
      return sql`delete from staff_invitations where id in (
        select id from staff_invitations where used_at < ${at} or expires_at < ${at} limit ${limit}) returning id`;
    case 'refresh_tokens':
      return sql`delete from refresh_tokens where id in (
        select id from refresh_tokens where expires_at < ${at} or used_at < ${at} or revoked_at < ${at} limit ${limit}) returning id`;
    case 'sessions':
      return sql`delete from sessions where id in (
        select s.id from sessions s
        where s.revoked_at < ${at}
           or (s.created_at < ${at} and s.last_used_at < ${at}
               and not exists (select 1 from refresh_tokens r where r.family_id = s.id and r.expires_at >= ${at}))
        limit ${limit}) returning id`;
    case 'checkout_sessions':
      return sql`delete from billing_checkout_sessions where id in (
        select id from billing_checkout_sessions where expires_at < ${at} limit ${limit}) returning id`;
    case 'outbox':
      return sql`delete from outbox where id in (
        select id from outbox where status = 'sent' and sent_at < ${at} limit ${limit}) returning id`;
    case 'audit_events':
      return sql`delete from audit_events where id in (
        select id from audit_events where at < ${at} limit ${limit}) returning id`;
  }
}

export function retentionRepository(db: Db) {
  return {
    /**
     * Whether this transaction holds the purge's advisory lock (released at its end): one
     * instance purges at a time, the others skip their turn rather than wait.
     */
    async tryLock(tx: Executor): Promise<boolean> {
      // Two keys (class, id) so it cannot meet a single-key lock taken elsewhere.
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(7340117, 2) as locked`);
      // Both drivers (node-postgres, PGlite) answer { rows }.
      return (result as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
    },

    /** Deletes at most `limit` rows of `kind` past `cutoff`; answers how many went. */
    async purgeBatch(
      kind: RetentionKind,
      cutoff: Date,
      limit: number,
      tx: Executor = db,
    ): Promise<number> {
      // The audit trail refuses deletes (migration 0019) unless this transaction says it is the purge.
      if (kind === 'audit_events') await tx.execute(sql`set local cc.audit_purge = 'on'`);
      const result = await tx.execute(batch(kind, cutoff.toISOString(), limit));
      return (result as { rows: unknown[] }).rows.length;
    },
  };
}
export type RetentionRepository = ReturnType<typeof retentionRepository>;
