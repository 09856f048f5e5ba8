import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AccountActivityEntry, AuditPage, AuditQuery, MESSAGES } from '@cc/contract';
import { callerOf } from '../core/http/caller';
import { Forbidden } from '../core/http/errors';
import { bearer, errorResponses } from '../core/http/route-schemas';
import { canReadAudit, type AuditService } from './service';

const tags = ['audit'];

/** The CSV's bytes, streamed. */
const CsvFile = Type.Unsafe<Readable>({
  type: 'string',
  description: 'text/csv: a header, then every entry the filters select, newest first',
});

/**
 * The audit's readers. Staff: GET /api/v1/audit/ (a page) and /api/v1/audit.csv (every entry
 * the filters select). The signed-in merchant: GET /api/v1/account/activity/. The plugin is
 * registered before auth, so the guards look up app.authenticate when a request comes.
 */
const auditRoutes: FastifyPluginAsyncTypebox<{ audit: AuditService }> = async (app, { audit }) => {
  const signedIn = async (request: FastifyRequest) => app.authenticate(request);
  const auditReader = async (request: FastifyRequest) => {
    const found = await app.auth.signedInUser(callerOf(request).userId);
    if (!found || !canReadAudit(found.user)) throw new Forbidden(MESSAGES.forbidden);
  };
  const staff = { onRequest: signedIn, preHandler: auditReader };

  app.get(
    '/api/v1/audit/',
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        querystring: AuditQuery,
        response: { 200: AuditPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => audit.page(request.query),
  );

  app.get(
    '/api/v1/audit.csv',
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        querystring: AuditQuery,
        response: { 200: CsvFile, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .header('cache-control', 'no-store')
        .send(audit.csv(request.query)),
  );

  app.get(
    '/api/v1/account/activity/',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security: bearer,
        response: { 200: Type.Array(AccountActivityEntry), ...errorResponses(401) },
      },
    },
    async (request) => audit.activity(callerOf(request).userId),
  );
};

export default auditRoutes;
