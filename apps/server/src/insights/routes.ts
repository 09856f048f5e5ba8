import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  DEFAULT_INSIGHTS_WINDOW,
  Insights,
  InsightsQuery,
  type InsightsCsvTable,
} from '@cc/contract';
import { callerOf } from '../core/http/caller';
import { bearer, errorResponses } from '../core/http/route-schemas';
import type { InsightsService } from './service';

const tags = ['insights'];

const CSV_DESCRIPTIONS: Record<InsightsCsvTable, string> = {
  daily:
    'Date (yyyy-MM-dd, UTC), Views, Code reveals, Clicks: one row per day of the window, oldest first, days without visits as zeros.',
  coupons:
    "Coupon ID, Offer, Description, Views, Code reveals, Clicks, Click-through rate (e.g. 33.3%, empty without views), Feedback success rate (empty until collected): one row per coupon in the merchant's order.",
};

/**
 * GET /api/v1/insights/?days=7|30|90 (JSON), and its two CSV downloads
 * /api/v1/insights/daily.csv and /api/v1/insights/coupons.csv with the same query.
 * Always the signed-in owner's store; 401 without a token, 404 without a store.
 */
const insightsRoutes: FastifyPluginAsyncTypebox<{ service: InsightsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: "The owner's store: daily views, code reveals and clicks, and the same per coupon",
        querystring: InsightsQuery,
        response: { 200: Insights, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.forOwner(callerOf(request), request.query.days ?? DEFAULT_INSIGHTS_WINDOW),
  );

  const sendCsv = (reply: FastifyReply, file: { filename: string; body: string }) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);

  for (const table of ['daily', 'coupons'] as const) {
    app.get(
      `/${table}.csv`,
      {
        schema: {
          tags,
          security: bearer,
          summary:
            table === 'daily'
              ? 'The daily series as a CSV file'
              : 'The per-coupon table as a CSV file',
          description: `${CSV_DESCRIPTIONS[table]} UTF-8 with a byte order mark, CRLF rows; an attachment named <brand>-<store slug>-insights-${table}-<days>-days-<last day>.csv.`,
          querystring: InsightsQuery,
          response: {
            200: {
              description: 'The CSV file',
              content: { 'text/csv': { schema: Type.String() } },
            },
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          await service.csv(
            callerOf(request),
            request.query.days ?? DEFAULT_INSIGHTS_WINDOW,
            table,
          ),
        ),
    );
  }
};

export default insightsRoutes;
