import {
  MESSAGES,
  STAFF_MESSAGES,
  type InviteStaffBody,
  type StaffInvitation,
  type StaffList,
  type StaffMe,
  type StaffMember,
  type UpdateStaffBody,
} from '@cc/contract';
import type { AuditService } from '../audit/service';
import type { Clock } from '../core/platform/clock';
import type { Db, Executor } from '../core/data/db';
import type { Caller } from '../core/data/deps';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../core/http/errors';
import type { OutboxService } from '../mail/service';
import type { SessionsService } from './sessions';
import { composeStaffInvitationMail, invitationLink } from './staff-mail';
import { staffInvitations, type Inviter } from './staff-invitations';
import {
  staffRepository,
  type InvitationRow,
  type StaffMemberRow,
  type StaffRole,
} from './staff-repository';
import { tokensRepository } from './tokens-repository';
import { deleteUser } from './user-deletion';
import type { SignedInUserCache } from './user-cache';

export type StaffServiceDeps = {
  db: Db;
  clock: Clock;
  /** Where the console is served: the invitation links lead to its accept page there. */
  consoleOrigin: string;
  sessions: SessionsService;
  signedInUsers: SignedInUserCache;
  outbox: Pick<OutboxService, 'enqueue'>;
  audit: Pick<AuditService, 'record'>;
};

/** What a staff account row needs to say who may do what. */
type StaffFacts = { role: string; staffRole: StaffRole | null; disabledAt: Date | null };

/** The staff role of an active staff account; undefined for a merchant or a disabled member. */
export function activeStaffRole(user: StaffFacts | undefined): StaffRole | undefined {
  if (user?.role !== 'staff' || user.disabledAt !== null) return undefined;
  // A staff account from before roles (none after migration 0020) reads as a reviewer.
  return user.staffRole ?? 'reviewer';
}

const memberToWire = (row: StaffMemberRow, callerId: number): StaffMember => ({
  id: row.id,
  email: row.email,
  role: row.staffRole ?? 'reviewer',
  status: row.disabledAt === null ? 'active' : 'disabled',
  invited_at: row.invitedAt?.toISOString() ?? null,
  joined_at: row.createdAt.toISOString(),
  is_you: row.id === callerId,
});

const invitationToWire = (
  row: InvitationRow,
  invitedBy: string | null,
  now: Date,
): StaffInvitation => ({
  id: row.id,
  email: row.email,
  role: row.staffRole,
  invited_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  status: row.expiresAt > now ? 'pending' : 'expired',
  invited_by: invitedBy ?? '',
});

/**
 * The Staff screen's rules: admins list staff and invitations, invite, change a role, disable,
 * re-enable and remove. Disabling or removing ends the member's sessions on every instance
 * (the sessions and users triggers notify; this instance forgets at once). One active admin
 * always stays. Every change is in the audit trail with its actor, target and address.
 */
export function staffService(deps: StaffServiceDeps) {
  const { db, clock, sessions, signedInUsers } = deps;
  const repo = staffRepository(db);
  const tokens = tokensRepository(db);
  const invitations = staffInvitations(deps);

  async function inviter(caller: Caller): Promise<NonNullable<Inviter>> {
    const row = await repo.member(caller.userId);
    if (!row) throw new Forbidden(MESSAGES.forbidden);
    return { userId: row.id, email: row.email };
  }

  /** The member, locked with the active admins; refused when the change would leave no active admin. */
  async function memberForChange(
    id: number,
    keepsAdmin: (member: StaffFacts) => boolean,
    tx: Executor,
  ) {
    const admins = await repo.lockActiveAdmins(tx);
    const member = await repo.member(id, tx);
    if (!member) throw new NotFound();
    if (admins.includes(id) && admins.length <= 1 && !keepsAdmin(member))
      throw new Conflict(STAFF_MESSAGES.lastAdmin);
    return member;
  }

  /** After a commit that ended a member's sessions or changed their row: this instance forgets them now. */
  function forget(userId: number): void {
    sessions.forgetUser(userId);
    signedInUsers.dropUser(userId);
  }

  async function memberWire(id: number, callerId: number): Promise<StaffMember> {
    const row = (await repo.members()).find((member) => member.id === id);
    if (!row) throw new NotFound();
    return memberToWire(row, callerId);
  }

  const record = (
    caller: Caller,
    action: string,
    member: { id: number; email: string },
    details: Record<string, unknown>,
    tx: Executor,
  ) =>
    deps.audit.record(
      {
        actor: { userId: caller.userId, role: 'staff' },
        action,
        target: { type: 'user', id: member.id },
        details: { email: member.email, ...details },
      },
      tx,
    );

  return {
    invitations,

    /** The signed-in staff member and their role; 403 for anyone else. */
    async me(caller: Caller): Promise<StaffMe> {
      const row = await repo.member(caller.userId);
      const role = activeStaffRole(row);
      if (!row || !role) throw new Forbidden(MESSAGES.forbidden);
      return { id: row.id, email: row.email, role };
    },

    async list(caller: Caller): Promise<StaffList> {
      const now = clock.now();
      const [members, open] = await Promise.all([repo.members(), repo.openInvitations()]);
      return {
        members: members.map((row) => memberToWire(row, caller.userId)),
        invitations: open.map((row) => invitationToWire(row, row.invitedByEmail, now)),
      };
    },

    /** Mails a new invitation (replacing a pending one to the address); refused for an address with an account. */
    async invite(caller: Caller, body: InviteStaffBody): Promise<StaffInvitation> {
      const by = await inviter(caller);
      return db.transaction(async (tx) => {
        const { token, invitation } = await invitations.issue(
          { email: body.email, role: body.role, inviter: by },
          tx,
        );
        const mail = composeStaffInvitationMail({
          to: invitation.email,
          role: body.role,
          invitedBy: by.email,
          link: invitationLink(deps.consoleOrigin, token),
        });
        await deps.outbox.enqueue(mail, invitation.createdAt, tx);
        return invitationToWire(invitation, by.email, clock.now());
      });
    },

    /** Withdraws an invitation not yet accepted: its link stops working. */
    async revokeInvitation(caller: Caller, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await repo.deleteInvitation(id, tx);
        if (!gone) throw new NotFound();
        await deps.audit.record(
          {
            actor: { userId: caller.userId, role: 'staff' },
            action: 'staff.invitation_revoked',
            target: { type: 'staff_invitation', id },
            details: { email: gone.email, role: gone.staffRole },
          },
          tx,
        );
      });
    },

    /** A new role and/or disabled or re-enabled; disabling ends every session of the member at once. */
    async update(caller: Caller, id: number, body: UpdateStaffBody): Promise<StaffMember> {
      if (body.role === undefined && body.disabled === undefined) {
        throw new ValidationFailed({
          non_field_errors: ['Give a new role, or disabled true or false.'],
        });
      }
      await db.transaction(async (tx) => {
        const keepsAdmin = (member: StaffFacts) =>
          (body.role ?? member.staffRole) === 'admin' &&
          !(body.disabled ?? member.disabledAt !== null);
        const member = await memberForChange(id, keepsAdmin, tx);
        const now = clock.now();
        if (body.role !== undefined && body.role !== member.staffRole) {
          await repo.update(id, { staffRole: body.role }, tx);
          await record(
            caller,
            'staff.role_changed',
            member,
            { from: member.staffRole, to: body.role },
            tx,
          );
        }
        if (body.disabled === true && member.disabledAt === null) {
          await repo.update(id, { disabledAt: now }, tx);
          await tokens.revokeAllForUser(id, now, tx);
          await sessions.endAll(id, tx);
          await record(caller, 'staff.disabled', member, {}, tx);
        } else if (body.disabled === false && member.disabledAt !== null) {
          await repo.update(id, { disabledAt: null }, tx);
          await record(caller, 'staff.enabled', member, {}, tx);
        }
      });
      forget(id);
      return memberWire(id, caller.userId);
    },

    /** Deletes the member's account: their sessions end with it, on every instance. */
    async remove(caller: Caller, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const member = await memberForChange(id, () => false, tx);
        await record(caller, 'staff.removed', member, { role: member.staffRole }, tx);
        await deleteUser(id, tx);
      });
      forget(id);
    },
  };
}
export type StaffService = ReturnType<typeof staffService>;
