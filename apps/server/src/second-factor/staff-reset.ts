import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MESSAGES, STAFF_MESSAGES, StaffParams } from '@cc/contract';
import type { AuditService } from '../audit/service';
import { callerOf } from '../core/http/caller';
import type { AuthService } from '../auth/service';
import type { SessionsService } from '../auth/sessions';
import { activeStaffRole } from '../auth/staff-service';
import type { Db } from '../core/data/db';
import type { Caller } from '../core/data/deps';
import { Conflict, Forbidden, NotFound } from '../core/http/errors';
import { bearer, errorResponses } from '../core/http/route-schemas';
import { passkeyRepository } from './passkey-repository';
import { secondFactorRepository } from './repository';

export type StaffResetDeps = {
  db: Db;
  auth: Pick<AuthService, 'signedInUser' | 'userById'>;
  sessions: Pick<SessionsService, 'endAll' | 'forgetUser'>;
  audit: Pick<AuditService, 'record'>;
};

/**
 * An admin resets a staff member's two-step sign-in when their phone is lost: the app, the
 * recovery codes and the passkeys go, every session of theirs ends on every instance, and their next sign-in
 * enrols a new app. Recorded in the audit trail. Never one's own: another admin does it, so a
 * stolen admin session cannot swap the admin's app.
 */
export function staffSecondFactorReset(deps: StaffResetDeps) {
  const repo = secondFactorRepository(deps.db);
  const passkeys = passkeyRepository(deps.db);
  return async (caller: Caller, id: number): Promise<void> => {
    const admin = await deps.auth.signedInUser(caller.userId);
    if (activeStaffRole(admin?.user) !== 'admin') throw new Forbidden(MESSAGES.forbidden);
    const member = await deps.auth.userById(id);
    if (member?.role !== 'staff') throw new NotFound();
    if (id === caller.userId) throw new Conflict(STAFF_MESSAGES.ownSecondFactor);
    await deps.db.transaction(async (tx) => {
      const removed = await repo.remove(id, tx);
      const passkeysRemoved = await passkeys.removeAll(id, tx);
      await deps.sessions.endAll(id, tx);
      await deps.audit.record(
        {
          actor: { userId: caller.userId, role: 'staff' },
          action: 'staff.second_factor_reset',
          target: { type: 'user', id },
          details: { email: member.email, had_app: removed, passkeys_removed: passkeysRemoved },
        },
        tx,
      );
    });
    deps.sessions.forgetUser(id);
  };
}

/** DELETE /api/v1/staff/{id}/second-factor/: admins only (403 to a reviewer or a merchant). */
export const staffResetRoutes: FastifyPluginAsyncTypebox<{
  reset: ReturnType<typeof staffSecondFactorReset>;
}> = async (app, { reset }) => {
  app.delete(
    '/api/v1/staff/:id/second-factor/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['staff'],
        security: bearer,
        params: StaffParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await reset(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
