import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Account,
  ACCOUNT_MESSAGES,
  AccountSession,
  AccountSessionParams,
  ChangeEmailBody,
  ChangePasswordBody,
  EmailLinkBody,
  EmailLinkResponse,
  MessageResponse,
  SignOutOthersResponse,
  VerificationMailResponse,
} from '@cc/contract';
import {
  bearer,
  errorResponses,
  MessageErrorRef,
  ValidationErrorRef,
} from '../core/http/route-schemas';
import type { AccountService } from './account-service';
import { callerOf } from '../core/http/caller';
import type { SessionsService } from './sessions';

const tags = ['account'];

/**
 * The signed-in merchant's own account under /api/v1/account: its summary, password and
 * sign-in email changes, the verification mail, and the signed-in devices. The two email
 * links (confirm, revert) need no sign-in: the token is the proof.
 */
const accountRoutes: FastifyPluginAsyncTypebox<{
  account: AccountService;
  sessions: SessionsService;
}> = async (app, { account, sessions }) => {
  const limited = { rateLimit: app.authRateLimit };
  const signedIn = { onRequest: app.authenticate };

  app.get(
    '/',
    {
      ...signedIn,
      schema: { tags, security: bearer, response: { 200: Account, ...errorResponses(401, 404) } },
    },
    async (request) => account.account(callerOf(request)),
  );

  app.post(
    '/password/',
    {
      ...signedIn,
      config: limited,
      schema: {
        tags,
        security: bearer,
        body: ChangePasswordBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      await account.changePassword(callerOf(request), request.body);
      return { message: ACCOUNT_MESSAGES.passwordUpdated };
    },
  );

  app.post(
    '/email/',
    {
      ...signedIn,
      config: limited,
      schema: {
        tags,
        security: bearer,
        body: ChangeEmailBody,
        response: { 202: MessageResponse, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await account.changeEmail(callerOf(request), request.body);
      return reply.status(202).send({ message: ACCOUNT_MESSAGES.emailChangeSent });
    },
  );

  const link = {
    config: limited,
    schema: {
      tags,
      body: EmailLinkBody,
      response: { 200: EmailLinkResponse, ...errorResponses(400, 409, 429) },
    },
  };
  app.post('/email/confirm/', link, async (request) => account.confirmEmail(request.body.token));
  app.post('/email/revert/', link, async (request) => account.revertEmail(request.body.token));

  app.post(
    '/verification-email/',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        response: {
          200: VerificationMailResponse,
          // Already verified: a message; a body that is not empty: field errors.
          400: Type.Union([MessageErrorRef, ValidationErrorRef]),
          // Asked again within a minute: the same shape, with when it may be asked again.
          429: VerificationMailResponse,
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      const sent = await account.sendVerification(callerOf(request));
      const body = {
        message: sent.sent
          ? ACCOUNT_MESSAGES.verificationSent
          : ACCOUNT_MESSAGES.verificationTooSoon,
        verification_resend_at: sent.resendAt.toISOString(),
      };
      return reply.status(sent.sent ? 200 : 429).send(body);
    },
  );

  app.get(
    '/sessions/',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        response: { 200: Type.Array(AccountSession), ...errorResponses(401) },
      },
    },
    async (request) => sessions.list(callerOf(request)),
  );

  app.delete(
    '/sessions/:id/',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        params: AccountSessionParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await sessions.end(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sessions/sign-out-others/',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        response: { 200: SignOutOthersResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.otherSessionsEnded,
      signed_out: await sessions.endOthers(callerOf(request)),
    }),
  );
};

export default accountRoutes;
