import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AcceptInvitationBody,
  InvitationLookup,
  InvitationTokenBody,
  InviteStaffBody,
  MESSAGES,
  MessageResponse,
  STAFF_MESSAGES,
  StaffInvitation,
  StaffList,
  StaffMe,
  StaffMember,
  StaffParams,
  UpdateStaffBody,
} from '@cc/contract';
import { Forbidden } from '../core/http/errors';
import { bearer, errorResponses } from '../core/http/route-schemas';
import { callerOf } from '../core/http/caller';
import { activeStaffRole, type StaffService } from './staff-service';

const tags = ['staff'];

/**
 * The staff console's own staff under /api/v1/staff: the signed-in member's role (any active
 * staff), the Staff screen's calls (admins only: 403 to a reviewer or a merchant), and the
 * invitation link's two calls, which need no sign-in (the token is the proof).
 */
const staffRoutes: FastifyPluginAsyncTypebox<{ staff: StaffService }> = async (app, { staff }) => {
  const limited = { rateLimit: app.authRateLimit };
  /** Admins only, read through this instance's copy of the user, which a role change makes it forget. */
  const requireAdmin = async (request: FastifyRequest) => {
    const found = await app.auth.signedInUser(callerOf(request).userId);
    if (activeStaffRole(found?.user) !== 'admin') throw new Forbidden(MESSAGES.forbidden);
  };
  const admin = { onRequest: app.authenticate, preHandler: requireAdmin };

  app.get(
    '/me/',
    {
      onRequest: app.authenticate,
      schema: { tags, security: bearer, response: { 200: StaffMe, ...errorResponses(401, 403) } },
    },
    async (request) => staff.me(callerOf(request)),
  );

  app.get(
    '/',
    {
      ...admin,
      schema: { tags, security: bearer, response: { 200: StaffList, ...errorResponses(401, 403) } },
    },
    async (request) => staff.list(callerOf(request)),
  );

  app.post(
    '/invitations/',
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        body: InviteStaffBody,
        response: { 201: StaffInvitation, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await staff.invite(callerOf(request), request.body)),
  );

  app.delete(
    '/invitations/:id/',
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        params: StaffParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await staff.revokeInvitation(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/:id/',
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        params: StaffParams,
        body: UpdateStaffBody,
        response: { 200: StaffMember, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => staff.update(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id/',
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        params: StaffParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await staff.remove(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/invitations/lookup/',
    {
      config: limited,
      schema: {
        tags,
        body: InvitationTokenBody,
        response: { 200: InvitationLookup, ...errorResponses(400, 429) },
      },
    },
    async (request) => staff.invitations.lookup(request.body.token),
  );

  app.post(
    '/invitations/accept/',
    {
      config: limited,
      schema: {
        tags,
        body: AcceptInvitationBody,
        response: { 201: MessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await staff.invitations.accept(request.body);
      return reply.status(201).send({ message: STAFF_MESSAGES.accountCreated });
    },
  );
};

export default staffRoutes;
