import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@cc/contract';
import { Forbidden } from '../core/errors';
import { callerOf } from '../auth/authenticate';

/** A preHandler after app.authenticate: only staff users pass; merchants get 403. */
export function requireStaff(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await app.auth.userById(callerOf(request).userId);
    if (user?.role !== 'staff') throw new Forbidden(MESSAGES.forbidden);
  };
}
