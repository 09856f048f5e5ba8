import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ConfirmTotpBody,
  MessageResponse,
  RecoveryCodes,
  SECOND_FACTOR_MESSAGES,
  SecondFactorBody,
  SecondFactorProofBody,
  SecondFactorSignIn,
  SecondFactorStatus,
  TotpSetup,
} from '@cc/contract';
import { callerOf } from '../core/http/caller';
import { withRefreshCookie } from '../auth/refresh-cookie';
import { bearer, errorResponses } from '../core/http/route-schemas';
import type { SecondFactorAccount } from './account-service';
import type { SecondFactorService } from './service';

const tags = ['second-factor'];

/**
 * Two-step sign-in. POST /api/v1/auth/second-factor/ answers a sign-in's challenge with a code
 * (or a recovery code) and starts the session as the login does (refresh token in its cookie).
 * Under /api/v1/account/second-factor/ the signed-in user manages their own.
 */
const secondFactorRoutes: FastifyPluginAsyncTypebox<{
  service: SecondFactorService;
  account: SecondFactorAccount;
}> = async (app, { service, account }) => {
  const limited = { rateLimit: app.authRateLimit };
  const signedIn = { onRequest: app.authenticate };
  const caller = (request: FastifyRequest) => callerOf(request);

  app.post(
    '/api/v1/auth/second-factor/',
    {
      config: limited,
      schema: {
        tags,
        body: SecondFactorBody,
        response: { 200: SecondFactorSignIn, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) =>
      withRefreshCookie(request, reply, await service.completeSignIn(request.body)),
  );

  app.get(
    '/api/v1/account/second-factor/',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        response: { 200: SecondFactorStatus, ...errorResponses(401, 404) },
      },
    },
    async (request) => account.status(caller(request)),
  );

  app.post(
    '/api/v1/account/second-factor/setup/',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        response: { 200: TotpSetup, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => account.startSetup(caller(request)),
  );

  app.post(
    '/api/v1/account/second-factor/confirm/',
    {
      ...signedIn,
      config: limited,
      schema: {
        tags,
        security: bearer,
        body: ConfirmTotpBody,
        response: { 200: RecoveryCodes, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => account.confirm(caller(request), request.body.code),
  );

  app.post(
    '/api/v1/account/second-factor/recovery-codes/',
    {
      ...signedIn,
      config: limited,
      schema: {
        tags,
        security: bearer,
        body: SecondFactorProofBody,
        response: { 200: RecoveryCodes, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => account.regenerateRecoveryCodes(caller(request), request.body),
  );

  app.post(
    '/api/v1/account/second-factor/disable/',
    {
      ...signedIn,
      config: limited,
      schema: {
        tags,
        security: bearer,
        body: SecondFactorProofBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      await account.disable(caller(request), request.body);
      return { message: SECOND_FACTOR_MESSAGES.turnedOff };
    },
  );
};

export default secondFactorRoutes;
