import type { FastifyInstance } from 'fastify';
import type { AuthTokens } from '@cc/contract';
import { call, uniqueEmail } from './helpers';

export const PASSWORD = 'shop-secret-123';
export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
export const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

export type Mail = { to: string; kind: string; subject: string; links: string[] };
/** A signed-in device: its access token and refresh token (sent in the body, so it comes back there). */
export type Device = { token: string; refresh: string };

/** The mails sent to `to` (the local mailbox), newest first. */
export async function mailsTo(app: FastifyInstance, to: string): Promise<Mail[]> {
  const response = await call(app, 'GET', '/dev/mailbox.json');
  return response
    .json<{ results: Mail[] }>()
    .results.filter((mail) => mail.to === to.toLowerCase());
}

/** The token of a mail's first link. */
export const tokenOf = (mail: Mail | undefined): string =>
  new URL(mail?.links[0] ?? 'http://x').searchParams.get('token') ?? '';

const site = (client: number) => ({ 'x-site-key': String(client) });

/** Registers on a brand from a browser (User-Agent), answering the session's tokens. */
export async function registerOn(
  app: FastifyInstance,
  options: { email?: string; client?: number; userAgent?: string } = {},
): Promise<Device & { email: string }> {
  const email = options.email ?? uniqueEmail();
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/email-register/',
    headers: { ...site(options.client ?? 7), 'user-agent': options.userAgent ?? CHROME_MAC },
    payload: { email, password: PASSWORD, siteId: 7, type: 2, first_name: 'N/A', last_name: 'N/A' },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return {
    email,
    token: response.json<AuthTokens>().token,
    refresh: cookieRefresh(response.cookies),
  };
}

/** Signs in once more on another device. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  options: { client?: number; userAgent?: string; password?: string } = {},
): Promise<Device> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/email-login/',
    headers: { ...site(options.client ?? 7), 'user-agent': options.userAgent ?? FIREFOX_WINDOWS },
    payload: { email, password: options.password ?? PASSWORD },
  });
  if (response.statusCode !== 200)
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { token: response.json<AuthTokens>().token, refresh: cookieRefresh(response.cookies) };
}

function cookieRefresh(cookies: { name: string; value: string }[]): string {
  return cookies.find((cookie) => cookie.name.startsWith('cc_refresh_'))?.value ?? '';
}

/** A call on the brand of `client` (7 unless given). */
export const callOn = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; client?: number } = {},
) =>
  call(app, method, url, {
    token: options.token,
    body: options.body,
    headers: options.client === undefined ? {} : site(options.client),
  });

/** The status of a signed-in call with the access token (200 while its session lives). */
export const meStatus = async (app: FastifyInstance, device: Device, client?: number) =>
  (await callOn(app, 'GET', '/api/v1/auth/me/', { token: device.token, client })).statusCode;

/** The status of a refresh with the device's refresh token. */
export const refreshStatus = async (app: FastifyInstance, device: Device, client?: number) =>
  (
    await callOn(app, 'POST', '/api/v1/auth/token/refresh/', {
      body: { refresh: device.refresh },
      client,
    })
  ).statusCode;
