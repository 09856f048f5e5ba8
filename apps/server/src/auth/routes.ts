import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
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
  SecondFactorChallenge,
  SetNewPasswordBody,
  SuccessBody,
  VerifyEmailBody,
  VerifyEmailResponse,
} from '@cc/contract';
import { Unauthorized } from '../core/http/errors';
import { callerOf } from '../core/http/caller';
import { bearer, errorResponses } from '../core/http/route-schemas';
import { clearRefreshCookie, readRefreshCookie, withRefreshCookie } from './refresh-cookie';

const tags = ['auth'];

/** The sign-in's device as the request names it (kept cut to 512 characters with its session). */
const userAgentOf = (request: FastifyRequest) => request.headers['user-agent'] ?? '';

/** A browser's refresh or logout sends no body (its token is in the cookie): validate it as an empty one. */
const noBodyIsEmpty = async (request: FastifyRequest) => {
  request.body ??= {};
};

/**
 * Auth of SPEC section 7, plus token refresh and logout. Login, registration and a
 * cookie refresh put the refresh token into an HttpOnly cookie (refresh-cookie.ts),
 * never into the body; a caller that sends its refresh token in the body gets the
 * rotated one back in the body.
 */
const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { auth } = app;
  const limited = { rateLimit: app.authRateLimit };

  app.post(
    '/email-login/',
    {
      config: limited,
      schema: {
        tags,
        body: EmailLoginBody,
        response: {
          200: Type.Union([AuthTokens, SecondFactorChallenge]),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { email, password, accepts_second_factor: acceptsChallenge } = request.body;
      const answer = await auth.login(
        request.clientId,
        { email, password, acceptsChallenge },
        userAgentOf(request),
      );
      // An account with two-step sign-in gets a challenge (second-factor/routes.ts) in place of tokens.
      return 'challenge' in answer ? answer : withRefreshCookie(request, reply, answer);
    },
  );

  app.post(
    '/email-register/',
    {
      config: limited,
      schema: {
        tags,
        body: EmailRegisterBody,
        response: { 201: AuthTokens, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          withRefreshCookie(
            request,
            reply,
            await auth.register(request.clientId, request.body, userAgentOf(request)),
          ),
        ),
  );

  app.post(
    '/verify-email/',
    {
      schema: {
        tags,
        body: VerifyEmailBody,
        response: { 200: VerifyEmailResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const verified = await auth.verifyEmail(request.body.token);
      // The owner's store may have entered the review queue: this instance's copies show it now.
      app.storeChanges.wrote();
      return verified;
    },
  );

  app.post(
    '/set-new-password/',
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

  app.post(
    '/password-reset/',
    {
      config: limited,
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
    '/token/refresh/',
    {
      preValidation: noBodyIsEmpty,
      schema: {
        tags,
        body: RefreshBody,
        response: { 200: AuthTokens, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const fromBody = request.body.refresh;
      if (fromBody) return auth.refresh(fromBody);
      const fromCookie = readRefreshCookie(request);
      if (!fromCookie) throw new Unauthorized(MESSAGES.unauthorized);
      return withRefreshCookie(request, reply, await auth.refresh(fromCookie));
    },
  );

  app.post(
    '/logout/',
    {
      preValidation: noBodyIsEmpty,
      schema: {
        tags,
        security: bearer,
        body: LogoutBody,
        response: { 200: SuccessBody, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const refresh = request.body.refresh ?? readRefreshCookie(request);
      // The browser drops the cookie whatever the answer.
      clearRefreshCookie(request, reply);
      if (refresh) {
        await auth.logout({ refresh });
      } else {
        await app.authenticate(request);
        await auth.logout({ caller: callerOf(request) });
      }
      return { success: true as const };
    },
  );
};

export default authRoutes;
