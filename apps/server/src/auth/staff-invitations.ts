import { hash } from '@node-rs/argon2';
import { STAFF_INVITATION_TTL_MS } from '@cc/config';
import {
  isEmail,
  MESSAGES,
  STAFF_MESSAGES,
  type AcceptInvitationBody,
  type InvitationLookup,
} from '@cc/contract';
import type { AuditService } from '../audit/service';
import type { Clock } from '../core/platform/clock';
import type { Db, Executor } from '../core/data/db';
import { FieldErrors, ValidationFailed } from '../core/http/errors';
import { hashToken, randomToken } from '../core/platform/secrets';
import { usersRepository } from './repository';
import { checkNewPassword } from './service';
import { staffRepository, type InvitationRow, type StaffRole } from './staff-repository';

/** Every staff account belongs to the UK brand (client 7); the console signs in there. */
export const STAFF_CLIENT = 7;

/** Who issues an invitation: an admin, or the system (create-staff's first admin). */
export type Inviter = { userId: number; email: string } | null;

export type StaffInvitationsDeps = { db: Db; clock: Clock; audit: Pick<AuditService, 'record'> };

const actorOf = (inviter: Inviter) =>
  inviter
    ? { userId: inviter.userId, role: 'staff' as const, email: inviter.email }
    : { userId: null, role: 'system' as const };

/**
 * Invitations to the staff console: issued by an admin (or create-staff for the first admin),
 * looked up by the accept page, accepted once within 72 hours with a password that meets the
 * spec's rules, which creates the staff account. Also the first admin made with a password.
 */
export function staffInvitations(deps: StaffInvitationsDeps) {
  const { db, clock, audit } = deps;
  const repo = staffRepository(db);
  const users = usersRepository(db);

  /** The address as stored, refused (field errors on `email`) when empty, malformed or taken on the staff brand. */
  async function freeAddress(raw: string, executor: Executor): Promise<string> {
    const email = raw.trim().toLowerCase();
    if (email === '') throw ValidationFailed.field('email', MESSAGES.required);
    if (!isEmail(email)) throw ValidationFailed.field('email', MESSAGES.invalidEmail);
    const account = await repo.accountOf(STAFF_CLIENT, email, executor);
    if (account?.role === 'staff')
      throw ValidationFailed.field('email', STAFF_MESSAGES.alreadyStaff);
    if (account) throw ValidationFailed.field('email', STAFF_MESSAGES.merchantAccount);
    return email;
  }

  /** The password's field errors (the spec's rules, the common list, the confirmation), all at once. */
  function checkPassword(password: string, confirm: string | undefined): void {
    const errors = new FieldErrors();
    checkNewPassword(password, errors);
    if (confirm !== undefined && confirm !== password)
      errors.add('confirm_password', MESSAGES.passwordsDontMatch);
    errors.throwIfAny();
  }

  return {
    /**
     * A new invitation to the address (replacing one not yet accepted), recorded in the audit;
     * answers its one-time token, which only the mail (or create-staff's output) ever shows.
     */
    async issue(
      params: { email: string; role: StaffRole; inviter: Inviter },
      tx: Executor,
    ): Promise<{ token: string; invitation: InvitationRow }> {
      const email = await freeAddress(params.email, tx);
      const token = randomToken();
      const now = clock.now();
      const invitation = await repo.replaceInvitation(
        {
          email,
          staffRole: params.role,
          tokenHash: hashToken(token),
          invitedBy: params.inviter?.userId ?? null,
          expiresAt: new Date(now.getTime() + STAFF_INVITATION_TTL_MS),
          createdAt: now,
        },
        tx,
      );
      await audit.record(
        {
          actor: actorOf(params.inviter),
          action: 'staff.invited',
          target: { type: 'staff_invitation', id: invitation.id },
          details: { email, role: params.role },
        },
        tx,
      );
      return { token, invitation };
    },

    /** What a live invitation is for (the accept page's heading); a dead one is a field error on `token`. */
    async lookup(token: string): Promise<InvitationLookup> {
      const invitation = await repo.liveInvitation(hashToken(token), clock.now());
      if (!invitation) throw ValidationFailed.field('token', STAFF_MESSAGES.invitationExpired);
      return { email: invitation.email, role: invitation.staffRole };
    },

    /** Uses the invitation once and creates the staff account with the password; answers the new user's id. */
    async accept(body: AcceptInvitationBody): Promise<number> {
      checkPassword(body.password, body.confirm_password);
      const passwordHash = await hash(body.password);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const invitation = await repo.consumeInvitation(hashToken(body.token), now, tx);
        if (!invitation) throw ValidationFailed.field('token', STAFF_MESSAGES.invitationExpired);
        // An account made on the address since the invitation was sent wins: this one is refused.
        const user = await users.insert(
          {
            client: STAFF_CLIENT,
            email: invitation.email,
            passwordHash,
            role: 'staff',
            staffRole: invitation.staffRole,
            staffInvitedAt: invitation.createdAt,
            emailVerified: true,
            createdAt: now,
          },
          tx,
        );
        if (!user) {
          const taken = await repo.accountOf(STAFF_CLIENT, invitation.email, tx);
          throw ValidationFailed.field(
            'token',
            taken?.role === 'staff' ? STAFF_MESSAGES.alreadyStaff : STAFF_MESSAGES.merchantAccount,
          );
        }
        await audit.record(
          {
            actor: { userId: user.id, role: 'staff', email: user.email },
            action: 'staff.joined',
            target: { type: 'user', id: user.id },
            details: { email: user.email, role: invitation.staffRole, invitation: invitation.id },
          },
          tx,
        );
        return user.id;
      });
    },

    /** Whether an admin account exists: create-staff makes only the first one. */
    hasAdmin: () => repo.hasAdmin(),

    /** The first admin, made now with a password (create-staff --password-stdin); field errors as the accept page's. */
    async createFirstAdmin(rawEmail: string, password: string): Promise<number> {
      checkPassword(password, undefined);
      const passwordHash = await hash(password);
      return db.transaction(async (tx) => {
        const email = await freeAddress(rawEmail, tx);
        const now = clock.now();
        const user = await users.insert(
          {
            client: STAFF_CLIENT,
            email,
            passwordHash,
            role: 'staff',
            staffRole: 'admin',
            emailVerified: true,
            createdAt: now,
          },
          tx,
        );
        if (!user) throw ValidationFailed.field('email', STAFF_MESSAGES.alreadyStaff);
        await audit.record(
          {
            actor: { userId: null, role: 'system' },
            action: 'staff.joined',
            target: { type: 'user', id: user.id },
            details: { email, role: 'admin', by: 'create-staff' },
          },
          tx,
        );
        return user.id;
      });
    },
  };
}
export type StaffInvitations = ReturnType<typeof staffInvitations>;
