import type { ClientId } from '@cc/config';
import { Readable } from 'node:stream';
import {
  ACCOUNT_ACTIVITY_LIMIT,
  AUDIT_PAGE_SIZE,
  type AccountActivityEntry,
  type AuditActorRole,
  type AuditEvent,
  type AuditPage,
  type AuditQuery,
} from '@cc/contract';
import type { Clock } from '../core/platform/clock';
import { csvFile } from '../core/render/csv';
import type { Db, Executor } from '../core/data/db';
import { ValidationFailed } from '../core/http/errors';
import { currentOrigin } from './context';
import type { AuditDirectory } from './directory';
import { auditRepository, type AuditFilter, type AuditKey } from './repository';
import type { AuditRow } from './schema';

/** Who did it: a user (their address is read as it is now unless given), or the system. */
export type AuditActor = { userId: number | null; role: AuditActorRole; email?: string };

/** One action to record; the address and brand come from the request being served unless given. */
export type AuditEntry = {
  actor: AuditActor;
  action: string;
  target?: { type: string; id: string | number };
  client?: ClientId | null;
  ip?: string;
  /** Never a password, token or code. */
  details?: Record<string, unknown>;
};

/** Who may read the whole audit: active admins (a reviewer, a disabled admin and a merchant get 403). */
export function canReadAudit(user: {
  role: string;
  staffRole: string | null;
  disabledAt: Date | null;
}): boolean {
  return user.role === 'staff' && user.staffRole === 'admin' && user.disabledAt === null;
}

const CSV_HEADER = [
  'at',
  'actor_user_id',
  'actor_role',
  'actor_email',
  'action',
  'target_type',
  'target_id',
  'client',
  'ip',
  'details',
];
const CSV_BATCH = 500;

function encodeCursor(key: AuditKey): string {
  return Buffer.from(JSON.stringify([key.at.toISOString(), key.id])).toString('base64url');
}

function decodeCursor(cursor: string): AuditKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && Number.isSafeInteger(value[1])) {
      const at = new Date(value[0]);
      if (!Number.isNaN(at.getTime())) return { at, id: value[1] as number };
    }
  } catch {
    // falls through to the field error
  }
  throw ValidationFailed.field('cursor', 'Invalid cursor.');
}

/** The query's filters; an actor that is all digits is a user id, else an address. */
export function auditFilter(query: AuditQuery): AuditFilter {
  const actor = query.actor?.trim();
  const [type, ...id] = (query.target ?? '').split(':');
  return {
    ...(actor
      ? /^\d{1,9}$/.test(actor)
        ? { actorUserId: Number(actor) }
        : { actorEmail: actor.toLowerCase() }
      : {}),
    action: query.action,
    target: query.target && type ? { type, id: id.join(':') } : undefined,
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
  };
}

export function toWireAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_user_id: row.actorUserId,
    actor_role: row.actorRole,
    actor_email: row.actorEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    client: row.client,
    ip: row.ip,
    details: row.details,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function auditService(deps: { db: Db; clock: Clock; directory: AuditDirectory }) {
  const repo = auditRepository(deps.db, deps.directory);

  return {
    /** Appends an entry, in the caller's transaction when given: the change and its record commit together. */
    async record(entry: AuditEntry, executor?: Executor): Promise<void> {
      const origin = currentOrigin();
      await repo.insert(
        {
          at: deps.clock.now(),
          actorUserId: entry.actor.userId,
          actorRole: entry.actor.role,
          ...(entry.actor.email === undefined ? {} : { actorEmail: entry.actor.email }),
          action: entry.action,
          targetType: entry.target?.type ?? '',
          targetId: entry.target === undefined ? '' : String(entry.target.id),
          client: entry.client === undefined ? (origin?.client ?? null) : entry.client,
          ip: entry.ip ?? origin?.ip ?? '',
          details: entry.details ?? {},
        },
        executor,
      );
    },

    /** A page of the audit, newest first, and the cursor of the next one. */
    async page(query: AuditQuery): Promise<AuditPage> {
      const limit = query.limit ?? AUDIT_PAGE_SIZE.default;
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const rows = await repo.page(auditFilter(query), after, limit + 1);
      const results = rows.slice(0, limit);
      const last = results.at(-1);
      return {
        results: results.map(toWireAuditEvent),
        next: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },

    /** Every entry the filters select, as a CSV stream read a batch at a time. */
    csv(query: AuditQuery): Readable {
      const filter = auditFilter(query);
      async function* lines() {
        yield csvFile([CSV_HEADER]);
        let after: AuditKey | undefined;
        for (;;) {
          const rows = await repo.page(filter, after, CSV_BATCH);
          if (rows.length === 0) return;
          // csvFile starts every file with the byte order mark; only the first chunk keeps it.
          yield csvFile(
            rows.map((row) => [
              row.at.toISOString(),
              row.actorUserId ?? '',
              row.actorRole,
              row.actorEmail,
              row.action,
              row.targetType,
              row.targetId,
              row.client ?? '',
              row.ip,
              JSON.stringify(row.details),
            ]),
          ).slice(1);
          if (rows.length < CSV_BATCH) return;
          after = rows.at(-1);
        }
      }
      return Readable.from(lines());
    },

    /**
     * The merchant's own account's latest entries, as actor or target (their store's too). The
     * address is shown only of what they did themselves: never a staff member's.
     */
    async activity(userId: number): Promise<AccountActivityEntry[]> {
      const rows = await repo.ofUser(userId, ACCOUNT_ACTIVITY_LIMIT);
      return rows.map((row) => {
        const browser = text(row.details.browser);
        const os = text(row.details.os);
        return {
          id: row.id,
          at: row.at.toISOString(),
          action: row.action,
          ip: row.actorUserId === userId ? row.ip : '',
          device: browser && os ? `${browser} on ${os}` : '',
        };
      });
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
