import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AuthTokens, Passkey, PasskeyList, PasskeyOptions } from '@cc/contract';
import { call } from './helpers';
import type { SoftwareAuthenticator } from './passkey-authenticator';

export const ACCOUNT_PASSKEYS = '/api/v1/account/passkeys/';
export const PASSKEY_LOGIN = '/api/v1/auth/passkey-login/';
export const PASSKEY_SECOND_STEP = '/api/v1/auth/second-factor/passkey/';

/** The test app's origins (helpers.ts testEnv): brand 7's, and the console's (the API port's default). */
export const BRAND_7 = 'http://localhost:4007';
export const CONSOLE = 'http://localhost:4000';
export const STAFF_HEADERS = { 'x-session-audience': 'staff' };

/** The options of a call that answered them, or a failure naming what came instead. */
export function optionsOf(response: LightMyRequestResponse): PasskeyOptions {
  if (response.statusCode !== 200)
    throw new Error(`no options: ${response.statusCode} ${response.body}`);
  return response.json<PasskeyOptions>();
}

/** Adds a passkey from the account screen: the password, the authenticator's new passkey. */
export async function addPasskey(
  app: FastifyInstance,
  authenticator: SoftwareAuthenticator,
  params: {
    token: string;
    password: string;
    name?: string;
    origin?: string;
    headers?: Record<string, string>;
  },
): Promise<LightMyRequestResponse> {
  const headers = params.headers ?? {};
  const options = optionsOf(
    await call(app, 'POST', `${ACCOUNT_PASSKEYS}options/`, {
      token: params.token,
      headers,
      body: { password: params.password },
    }),
  );
  const credential = authenticator.create(options, params.origin ?? BRAND_7);
  return call(app, 'POST', ACCOUNT_PASSKEYS, {
    token: params.token,
    headers,
    body: { name: params.name ?? 'Laptop', credential },
  });
}

/** The added passkey, or a failure naming the answer. */
export function addedOf(response: LightMyRequestResponse): Passkey {
  if (response.statusCode !== 201)
    throw new Error(`not added: ${response.statusCode} ${response.body}`);
  return response.json<Passkey>();
}

export const passkeysOf = async (app: FastifyInstance, token: string): Promise<Passkey[]> =>
  (await call(app, 'GET', ACCOUNT_PASSKEYS, { token })).json<PasskeyList>().results;

/** The sign-in options without a password, for the site the headers name. */
export async function loginOptions(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<PasskeyOptions> {
  return optionsOf(await call(app, 'POST', `${PASSKEY_LOGIN}options/`, { headers }));
}

/** A sign-in with the authenticator's newest passkey alone, from `origin`. */
export async function passkeyLogin(
  app: FastifyInstance,
  authenticator: SoftwareAuthenticator,
  params: { origin?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const options = await loginOptions(app, params.headers);
  const credential = authenticator.get(options, params.origin ?? BRAND_7);
  return call(app, 'POST', PASSKEY_LOGIN, { headers: params.headers, body: { credential } });
}

/** The access token of a sign-in that gave one. */
export function tokenOfSignIn(response: LightMyRequestResponse): string {
  if (response.statusCode !== 200)
    throw new Error(`not signed in: ${response.statusCode} ${response.body}`);
  return response.json<AuthTokens>().token;
}
