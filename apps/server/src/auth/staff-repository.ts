import type { ClientId } from '@cc/config';
import { aliasedTable, and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { staffInvitations, users } from './schema';

export type StaffRole = NonNullable<(typeof users.$inferSelect)['staffRole']>;
export type InvitationRow = typeof staffInvitations.$inferSelect;
/** A staff member as the Staff screen lists them. */
export type StaffMemberRow = {
  id: number;
  email: string;
  staffRole: StaffRole | null;
  disabledAt: Date | null;
  createdAt: Date;
  invitedAt: Date | null;
};

const isStaff = eq(users.role, 'staff');
const inviter = aliasedTable(users, 'inviter');

/** Staff accounts and invitations: the SQL of the staff service (staff-service.ts, staff-invitations.ts). */
export function staffRepository(db: Executor) {
  return {
    /** Every staff account, oldest first, with when its accepted invitation was sent. */
    async members(): Promise<StaffMemberRow[]> {
      return db
        .select({
          id: users.id,
          email: users.email,
          staffRole: users.staffRole,
          disabledAt: users.disabledAt,
          createdAt: users.createdAt,
          invitedAt: users.staffInvitedAt,
        })
        .from(users)
        .where(isStaff)
        .orderBy(asc(users.createdAt), asc(users.id));
    },

    /** The invitations not accepted (expired ones too, until the purge), newest first, with the inviter's address. */
    openInvitations(): Promise<(InvitationRow & { invitedByEmail: string | null })[]> {
      return db
        .select({
          id: staffInvitations.id,
          email: staffInvitations.email,
          staffRole: staffInvitations.staffRole,
          tokenHash: staffInvitations.tokenHash,
          invitedBy: staffInvitations.invitedBy,
          expiresAt: staffInvitations.expiresAt,
          usedAt: staffInvitations.usedAt,
          createdAt: staffInvitations.createdAt,
          invitedByEmail: inviter.email,
        })
        .from(staffInvitations)
        .leftJoin(inviter, eq(inviter.id, staffInvitations.invitedBy))
        .where(isNull(staffInvitations.usedAt))
        .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
    },

    /** The staff account of that id, or undefined (a merchant's id too). */
    async member(id: number, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(users)
        .where(and(eq(users.id, id), isStaff));
      return row;
    },

    /**
     * The ids of the active admins, their rows locked until the transaction ends: two admins
     * demoting each other at once take turns, so one active admin always stays.
     */
    async lockActiveAdmins(tx: Executor): Promise<number[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(isStaff, eq(users.staffRole, 'admin'), isNull(users.disabledAt)))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    /** Whether any admin account exists (disabled or not). */
    async hasAdmin(executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .select({ id: users.id })
        .from(users)
        .where(and(isStaff, eq(users.staffRole, 'admin')))
        .limit(1);
      return rows.length > 0;
    },

    async update(
      id: number,
      values: { staffRole?: StaffRole; disabledAt?: Date | null },
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(users)
        .set(values)
        .where(and(eq(users.id, id), isStaff));
    },

    /** A new invitation to the address; the address's unaccepted ones go (a link sent before stops working). */
    async replaceInvitation(
      values: {
        email: string;
        staffRole: StaffRole;
        tokenHash: string;
        invitedBy: number | null;
        expiresAt: Date;
        createdAt: Date;
      },
      tx: Executor,
    ): Promise<InvitationRow> {
      await tx
        .delete(staffInvitations)
        .where(and(eq(staffInvitations.email, values.email), isNull(staffInvitations.usedAt)));
      const [row] = await tx.insert(staffInvitations).values(values).returning();
      if (!row) throw new Error('staff invitation not inserted');
      return row;
    },

    /** A live (unused, unexpired) invitation by its token's hash. */
    async liveInvitation(tokenHash: string, now: Date): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(staffInvitations)
        .where(
          and(
            eq(staffInvitations.tokenHash, tokenHash),
            isNull(staffInvitations.usedAt),
            gt(staffInvitations.expiresAt, now),
          ),
        );
      return row;
    },

    /** Uses a live invitation once, atomically; answers it, or undefined when it was not live. */
    async consumeInvitation(
      tokenHash: string,
      now: Date,
      tx: Executor,
    ): Promise<InvitationRow | undefined> {
      const [row] = await tx
        .update(staffInvitations)
        .set({ usedAt: now })
        .where(
          and(
            eq(staffInvitations.tokenHash, tokenHash),
            isNull(staffInvitations.usedAt),
            gt(staffInvitations.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    /** Withdraws an invitation not yet accepted; answers it, or undefined when there is none of that id. */
    async deleteInvitation(id: number, tx: Executor): Promise<InvitationRow | undefined> {
      const [row] = await tx
        .delete(staffInvitations)
        .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.usedAt)))
        .returning();
      return row;
    },

    /** The account of the address on the staff brand, if any (to refuse inviting it). */
    async accountOf(client: ClientId, email: string, executor: Executor = db) {
      const [row] = await executor
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(and(eq(users.client, client), eq(users.email, email)));
      return row;
    },
  };
}
export type StaffRepository = ReturnType<typeof staffRepository>;
