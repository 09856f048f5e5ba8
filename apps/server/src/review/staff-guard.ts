import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@cc/contract';
import { Forbidden } from '../core/http/errors';
import { callerOf } from '../core/http/caller';

/**
 * A preHandler after app.authenticate: only active staff (admins and reviewers) pass;
 * merchants and disabled staff get 403. The role is read through the instance's copy of
 * signed-in users, which a change to the user (a role taken away, a member disabled)
 * makes it forget (auth/user-cache.ts).
 */
export function requireStaff(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const found = await app.auth.signedInUser(callerOf(request).userId);
    if (found?.user.role !== 'staff' || found.user.disabledAt !== null)
      throw new Forbidden(MESSAGES.forbidden);
  };
}
