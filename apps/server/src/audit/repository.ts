import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../core/data/db';
import type { AuditDirectory } from './directory';
import { auditEvents, type AuditRow, type NewAuditRow } from './schema';

/** The console's filters, already parsed; every one narrows. */
export type AuditFilter = {
  actorUserId?: number | undefined;
  actorEmail?: string | undefined;
  action?: string | undefined;
  target?: { type: string; id: string } | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** The last row of a page: the next one starts strictly after it (at desc, id desc). */
export type AuditKey = { at: Date; id: number };

function conditions(filter: AuditFilter, after: AuditKey | undefined): SQL[] {
  const where: SQL[] = [];
  const actor: SQL[] = [];
  if (filter.actorUserId !== undefined) actor.push(eq(auditEvents.actorUserId, filter.actorUserId));
  if (filter.actorEmail !== undefined) actor.push(eq(auditEvents.actorEmail, filter.actorEmail));
  const anyActor = or(...actor);
  if (anyActor) where.push(anyActor);
  if (filter.action !== undefined) where.push(eq(auditEvents.action, filter.action));
  if (filter.target)
    where.push(
      eq(auditEvents.targetType, filter.target.type),
      eq(auditEvents.targetId, filter.target.id),
    );
  if (filter.from) where.push(gte(auditEvents.at, filter.from));
  if (filter.to) where.push(lt(auditEvents.at, filter.to));
  if (after)
    where.push(
      sql`(${auditEvents.at}, ${auditEvents.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`,
    );
  return where;
}

export function auditRepository(db: Db, directory: AuditDirectory) {
  return {
    /**
     * Appends one entry. The actor's address, unless given, is read from the user directory
     * in the same statement: as it is at this moment.
     */
    async insert(row: NewAuditRow, executor: Executor = db): Promise<void> {
      const email =
        row.actorEmail ??
        (row.actorUserId == null ? '' : sql`coalesce((${directory.emailOf(row.actorUserId)}), '')`);
      await executor.insert(auditEvents).values({ ...row, actorEmail: email });
    },

    /** Up to `limit` entries after `after`, newest first. */
    page(filter: AuditFilter, after: AuditKey | undefined, limit: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditEvents)
        .where(and(...conditions(filter, after)))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(limit);
    },

    /** The newest `limit` entries where the user, or the store they own, is the actor or the target. */
    ofUser(userId: number, limit: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditEvents)
        .where(
          or(
            eq(auditEvents.actorUserId, userId),
            and(eq(auditEvents.targetType, 'user'), eq(auditEvents.targetId, String(userId))),
            and(
              eq(auditEvents.targetType, 'store'),
              sql`${auditEvents.targetId} in (${directory.storeIdsOf(userId)})`,
            ),
          ),
        )
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(limit);
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
