import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AuthTokens } from '@cc/contract';
import { uniqueEmail } from './helpers';

export const REFRESH_PATH = '/api/v1/auth/token/refresh/';
export const LOGOUT_PATH = '/api/v1/auth/logout/';

type Request = {
  /** Cookies the browser sends, by name. */
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  /** A bearer access token. */
  token?: string;
  body?: object;
};

/** A POST as a browser page sends it: its cookies, its site headers, a JSON body when given. */
export function post(
  app: FastifyInstance,
  url: string,
  request: Request = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    cookies: request.cookies ?? {},
    headers: {
      ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
      ...request.headers,
    },
    ...(request.body ? { payload: request.body } : {}),
  });
}

/** The Set-Cookie entries of an answer for one cookie name. */
export function setCookies(response: LightMyRequestResponse, name: string) {
  return response.cookies.filter((cookie) => cookie.name === name);
}

/** The value the answer set under `name`: one value for both paths, or a failure naming what was set. */
export function cookieValue(response: LightMyRequestResponse, name: string): string {
  const values = new Set(setCookies(response, name).map((cookie) => cookie.value));
  const [value] = values;
  if (values.size !== 1 || !value)
    throw new Error(`no single ${name} cookie: ${JSON.stringify(response.cookies)}`);
  return value;
}

/** Registers a merchant as the brand app does; answers the body and the refresh cookie's value. */
export async function signUp(
  app: FastifyInstance,
  options: { headers?: Record<string, string>; email?: string; cookie?: string } = {},
): Promise<{ response: LightMyRequestResponse; tokens: AuthTokens; refresh: string }> {
  const response = await post(app, '/api/v1/auth/email-register/', {
    headers: options.headers,
    body: {
      email: options.email ?? uniqueEmail(),
      password: 'shop-secret-123',
      siteId: 7,
      type: 2,
      first_name: 'N/A',
      last_name: 'N/A',
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const site = options.headers?.['x-site-key'] ?? '7';
  return {
    response,
    tokens: response.json<AuthTokens>(),
    refresh: cookieValue(response, options.cookie ?? `cc_refresh_${site}`),
  };
}
