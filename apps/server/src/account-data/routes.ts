import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCOUNT_MESSAGES, DeleteAccountBody, MessageResponse } from '@cc/contract';
import { callerOf } from '../core/http/caller';
import { clearRefreshCookie } from '../auth/refresh-cookie';
import { bearer, errorResponses } from '../core/http/route-schemas';
import type { AccountDeletion } from './deletion';
import type { AccountExport } from './export';

const tags = ['account'];

/** The archive's bytes, streamed: a binary string in the OpenAPI document. */
const ZipFile = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });

/** The delete form's body is two short fields: anything near this size is not one. */
const DELETE_BODY_LIMIT = 4 * 1024;

/**
 * GET /api/v1/account/export/ (the account's data as a ZIP) and POST /api/v1/account/delete/,
 * both the signed-in user's own: there is no way to name another account.
 */
const accountDataRoutes: FastifyPluginAsyncTypebox<{
  exporter: AccountExport;
  deletion: AccountDeletion;
}> = async (app, { exporter, deletion }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/export/',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Download my data: everything the account holds, as one ZIP file',
        description:
          'account.json, store.json, coupons.json/.csv, insights.json/.csv (daily figures per coupon), orders.json/.csv, ' +
          'invoices/<number>.pdf, sessions.json and README.txt; an attachment named <brand key>-account-<yyyy-MM-dd>.zip.',
        response: {
          200: { description: 'The ZIP file', content: { 'application/zip': { schema: ZipFile } } },
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      const { filename, stream } = await exporter.archive(callerOf(request));
      stream.once('error', (error) =>
        request.log.error({ err: error }, 'account export failed while streaming'),
      );
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    '/delete/',
    {
      bodyLimit: DELETE_BODY_LIMIT,
      config: { rateLimit: app.authRateLimit },
      schema: {
        tags,
        security: bearer,
        summary:
          'Delete my account: cancels the subscription at once and deletes everything but the invoices',
        body: DeleteAccountBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request, reply) => {
      await deletion.deleteAccount(callerOf(request), request.body);
      // The browser drops the refresh cookie: its session is gone with the account.
      clearRefreshCookie(request, reply);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
};

export default accountDataRoutes;
