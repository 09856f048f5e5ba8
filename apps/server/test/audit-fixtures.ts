import type { FastifyInstance } from 'fastify';
import type { AuditEvent, AuditPage } from '@cc/contract';
import { call } from './helpers';

/** A request from a browser at `ip` on brand 7 (app.inject's remote address). */
export async function from(
  app: FastifyInstance,
  ip: string,
  request: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    token?: string;
    body?: unknown;
    userAgent?: string;
  },
) {
  return app.inject({
    method: request.method,
    url: request.url,
    remoteAddress: ip,
    headers: {
      'x-site-key': '7',
      ...(request.userAgent ? { 'user-agent': request.userAgent } : {}),
      ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
    },
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
}

/** The audit page staff see with these filters. */
export async function auditPage(
  app: FastifyInstance,
  staff: string,
  query: Record<string, string> = {},
): Promise<AuditPage> {
  const response = await call(app, 'GET', '/api/v1/audit/', { token: staff, query });
  if (response.statusCode !== 200)
    throw new Error(`audit failed: ${response.statusCode} ${response.body}`);
  return response.json<AuditPage>();
}

/** The newest entry of an action about a target, as staff see it. */
export async function latest(
  app: FastifyInstance,
  staff: string,
  action: string,
  target: string,
): Promise<AuditEvent | undefined> {
  return (await auditPage(app, staff, { action, target, limit: '1' })).results[0];
}
