import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AuthTokens,
  EmailLoginBody,
  EmailRegisterBody,
  LogoutBody,
  MessageResponse,
  MESSAGES,
  PasswordResetBody,
  RefreshBody,
  SetNewPasswordBody,
  SuccessBody,
  User,
  VerifyEmailBody,
  VerifyEmailResponse,
} from '@cc/contract';
import { callerOf } from '../../../../plugins/authenticate';
import { bearer, errorResponses } from '../../../schemas';

const tags = ['auth'];

/** Auth of SPEC section 7, plus token refresh and logout. */
const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { auth, users } = app.services;
  const limited = { rateLimit: app.authRateLimit };

  app.post(
    '/email-login/',
    { config: limited, schema: { tags, body: EmailLoginBody, response: { 200: AuthTokens, ...errorResponses(400, 401, 429) } } },
    async (request) => auth.login(request.clientId, request.body.email, request.body.password),
  );

  app.post(
    '/email-register/',
    {
      config: limited,
      schema: { tags, body: EmailRegisterBody, response: { 201: AuthTokens, ...errorResponses(400, 409, 429) } },
    },
    async (request, reply) => reply.status(201).send(await auth.register(request.clientId, request.body)),
  );

  app.post(
    '/verify-email/',
    { schema: { tags, body: VerifyEmailBody, response: { 200: VerifyEmailResponse, ...errorResponses(400) } } },
    async (request) => auth.verifyEmail(request.body.token),
  );

  app.post(
    '/set-new-password/',
    { schema: { tags, body: SetNewPasswordBody, response: { 200: MessageResponse, ...errorResponses(400) } } },
    async (request) => {
      await auth.setNewPassword(request.body.token, request.body.password);
      return { message: MESSAGES.passwordChanged };
    },
  );

  app.post(
    '/password-reset/',
    { config: limited, schema: { tags, body: PasswordResetBody, response: { 200: MessageResponse, ...errorResponses(400, 404, 429) } } },
    async (request) => {
      await auth.requestPasswordReset(request.clientId, request.body.email);
      return { message: MESSAGES.resetSent };
    },
  );

  app.get(
    '/me/',
    { onRequest: app.authenticate, schema: { tags, security: bearer, response: { 200: User, ...errorResponses(401, 404) } } },
    async (request) => users.me(callerOf(request)),
  );

  app.post(
    '/token/refresh/',
    { schema: { tags, body: RefreshBody, response: { 200: AuthTokens, ...errorResponses(400, 401) } } },
    async (request) => auth.refresh(request.body.refresh),
  );

  app.post(
    '/logout/',
    {
      schema: { tags, security: bearer, body: Type.Optional(LogoutBody), response: { 200: SuccessBody, ...errorResponses(401) } },
    },
    async (request) => {
      const caller = request.headers.authorization ? (await app.authenticate(request), callerOf(request)) : undefined;
      await auth.logout({ refresh: request.body?.refresh, caller });
      return { success: true as const };
    },
  );
};

export default authRoutes;
