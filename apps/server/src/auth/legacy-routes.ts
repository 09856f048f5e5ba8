import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AuthTokens,
  MessageResponse,
  MESSAGES,
  PasswordResetBody,
  SetNewPasswordBody,
} from '@cc/contract';
import { errorResponses } from '../core/http/route-schemas';

const tags = ['legacy'];

/** The legacy auth paths of SPEC section 7, as thin aliases of /api/v1/auth. */
const legacyAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { auth } = app;

  app.post(
    '/resetPassword',
    {
      config: { rateLimit: app.authRateLimit },
      schema: {
        tags,
        body: PasswordResetBody,
        response: { 200: MessageResponse, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(request.clientId, request.body.email);
      return { message: MESSAGES.resetSent };
    },
  );

  app.post(
    '/updatePassword',
    {
      schema: {
        tags,
        body: SetNewPasswordBody,
        response: { 200: MessageResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      await auth.setNewPassword(request.body.token, request.body.password);
      return { message: MESSAGES.passwordChanged };
    },
  );

  // The caller holds its refresh token (it is in the query), so the rotated one comes back
  // in the body as SPEC section 7 has it, and no cookie is set.
  app.get(
    '/refresh',
    {
      schema: {
        tags,
        querystring: Type.Object({ token: Type.String({ maxLength: 512 }) }),
        response: { 200: AuthTokens, ...errorResponses(400, 401) },
      },
    },
    async (request) => auth.refresh(request.query.token),
  );
};

export default legacyAuthRoutes;
