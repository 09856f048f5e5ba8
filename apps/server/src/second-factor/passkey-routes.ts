import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import {
  AuthTokens,
  Passkey,
  PasskeyList,
  PasskeyLoginBody,
  PasskeyOptions,
  PasskeyParams,
  PasskeyRegisterBody,
  PasskeyRegisterOptionsBody,
  PasskeyRenameBody,
  PasskeySecondStepBody,
  PasskeySecondStepOptionsBody,
  SESSION_AUDIENCE_HEADER,
  STAFF_AUDIENCE,
} from '@cc/contract';
import { callerOf } from '../core/http/caller';
import { withRefreshCookie } from '../auth/refresh-cookie';
import { bearer, errorResponses } from '../core/http/route-schemas';
import type { PasskeySite } from './passkey-ceremony';
import type { PasskeyAccount } from './passkey-service';
import type { PasskeySignIn } from './passkey-sign-in';

const tags = ['passkeys'];

/**
 * The site a request is for: its brand, or the staff console (which names its audience on
 * every call). Only picks one of the origins the settings name; the request's own Origin
 * header is never trusted for it.
 */
const siteOf = (request: FastifyRequest): PasskeySite => ({
  clientId: request.clientId,
  console: request.headers[SESSION_AUDIENCE_HEADER] === STAFF_AUDIENCE,
});
const userAgentOf = (request: FastifyRequest) => request.headers['user-agent'] ?? '';

/**
 * Passkeys. Under /api/v1/account/passkeys/ the signed-in user adds (options, then the
 * browser's answer), lists, renames and removes their own. Under /api/v1/auth/ a passkey signs
 * in without a password (passkey-login) or answers the second step in place of a code; both
 * start the session as the login does (refresh token in its cookie).
 */
const passkeyRoutes: FastifyPluginAsyncTypebox<{
  account: PasskeyAccount;
  signIn: PasskeySignIn;
}> = async (app, { account, signIn }) => {
  const limited = { rateLimit: app.authRateLimit };
  const signedIn = { onRequest: app.authenticate };
  const base = '/api/v1/account/passkeys/';

  app.get(
    base,
    {
      ...signedIn,
      schema: { tags, security: bearer, response: { 200: PasskeyList, ...errorResponses(401) } },
    },
    async (request) => ({ results: await account.list(callerOf(request)) }),
  );

  app.post(
    `${base}options/`,
    {
      ...signedIn,
      config: limited,
      schema: {
        tags,
        security: bearer,
        body: PasskeyRegisterOptionsBody,
        response: { 200: PasskeyOptions, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) =>
      account.registrationOptions(callerOf(request), siteOf(request), request.body.password),
  );

  app.post(
    base,
    {
      ...signedIn,
      config: limited,
      schema: {
        tags,
        security: bearer,
        body: PasskeyRegisterBody,
        response: { 201: Passkey, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await account.register(callerOf(request), request.body)),
  );

  app.patch(
    `${base}:id/`,
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        params: PasskeyParams,
        body: PasskeyRenameBody,
        response: { 200: Passkey, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => account.rename(callerOf(request), request.params.id, request.body.name),
  );

  app.delete(
    `${base}:id/`,
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        params: PasskeyParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await account.remove(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/passkey-login/options/',
    {
      config: limited,
      schema: { tags, response: { 200: PasskeyOptions, ...errorResponses(429) } },
    },
    async (request) => signIn.loginOptions(siteOf(request)),
  );

  /** A call that ends in a session: rate-limited as the login, the tokens (refresh in its cookie) or an error. */
  const startsSession = <B extends TSchema>(body: B) => ({
    config: limited,
    schema: { tags, body, response: { 200: AuthTokens, ...errorResponses(400, 401, 429) } },
  });

  app.post('/api/v1/auth/passkey-login/', startsSession(PasskeyLoginBody), async (request, reply) =>
    withRefreshCookie(
      request,
      reply,
      await signIn.login(siteOf(request), request.body, userAgentOf(request)),
    ),
  );

  app.post(
    '/api/v1/auth/second-factor/passkey-options/',
    {
      config: limited,
      schema: {
        tags,
        body: PasskeySecondStepOptionsBody,
        response: { 200: PasskeyOptions, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => signIn.secondStepOptions(siteOf(request), request.body.challenge),
  );

  app.post(
    '/api/v1/auth/second-factor/passkey/',
    startsSession(PasskeySecondStepBody),
    async (request, reply) =>
      withRefreshCookie(request, reply, await signIn.secondStep(request.body)),
  );
};

export default passkeyRoutes;
