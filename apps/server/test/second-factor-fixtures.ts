import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type {
  AuthTokens,
  SecondFactorChallenge,
  SecondFactorSignIn,
  TotpSetup,
} from '@cc/contract';
import { currentCode } from '../src/second-factor/totp';
import { call } from './helpers';

export const LOGIN = '/api/v1/auth/email-login/';
export const SECOND_STEP = '/api/v1/auth/second-factor/';
export const TOTP_STEP_MS = 30_000;

/** A sign-in as the apps send it: they can answer a second-factor challenge. */
export function login(
  app: FastifyInstance,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return call(app, 'POST', LOGIN, {
    body: { email, password, siteId: 8, accepts_second_factor: true },
    headers,
  });
}

/** The challenge a sign-in answered, or a failure naming what came instead. */
export function challengeOf(response: LightMyRequestResponse): SecondFactorChallenge {
  const body = response.json<SecondFactorChallenge>();
  if (response.statusCode !== 200 || !body.challenge)
    throw new Error(`no challenge: ${response.statusCode} ${response.body}`);
  return body;
}

/** The code an authenticator app shows now for the secret. */
export const codeNow = (app: FastifyInstance, secret: string): string =>
  currentCode(secret, app.clock.now());

/** The second step with a code or a recovery code. */
export function secondStep(
  app: FastifyInstance,
  body: { challenge: string; code?: string; recovery_code?: string },
  headers: Record<string, string> = {},
) {
  return call(app, 'POST', SECOND_STEP, { body, headers });
}

/** A user's sign-in through the code step: their access token. Moves the clock a step on so the code is new. */
export async function signInWithCode(
  app: FastifyInstance,
  email: string,
  password: string,
  secret: string,
): Promise<string> {
  (app.clock as { advance?: (ms: number) => void }).advance?.(TOTP_STEP_MS);
  const { challenge } = challengeOf(await login(app, email, password));
  const response = await secondStep(app, { challenge, code: codeNow(app, secret) });
  if (response.statusCode !== 200)
    throw new Error(`code step failed: ${response.statusCode} ${response.body}`);
  return response.json<AuthTokens>().token;
}

/**
 * A staff member's first sign-in: the password, the enrolment challenge with its set-up, and
 * the first code from the app. Answers the session's token, the app's secret and the recovery codes.
 */
export async function enrolStaff(
  app: FastifyInstance,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<{
  token: string;
  setup: TotpSetup;
  recoveryCodes: string[];
  response: LightMyRequestResponse;
}> {
  const challenge = challengeOf(await login(app, email, password, headers));
  if (challenge.second_factor !== 'enrol' || !challenge.setup)
    throw new Error(`not an enrolment: ${JSON.stringify(challenge)}`);
  const response = await secondStep(
    app,
    { challenge: challenge.challenge, code: codeNow(app, challenge.setup.secret) },
    headers,
  );
  if (response.statusCode !== 200)
    throw new Error(`enrolment failed: ${response.statusCode} ${response.body}`);
  const body = response.json<SecondFactorSignIn>();
  return {
    token: body.token,
    setup: challenge.setup,
    recoveryCodes: body.recovery_codes ?? [],
    response,
  };
}
