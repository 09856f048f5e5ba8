import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  LegacyAdvertiserIdQuery,
  LegacyIdParams,
  LegacyLetterParams,
  LegacyMerchant,
  LegacyMerchantIdQuery,
  LegacyMerchantPage,
  LegacyMerchantSnippet,
  LegacyPageQuery,
  LegacySlugParams,
} from '@cc/contract';
import { errorResponses } from '../../core/http/route-schemas';
import { actorOf } from '../access';
import { sendCacheable } from '../cacheable';
import type { LegacyServices } from '../services';
import { legacyDoc, OWNER, PUBLIC_MERCHANTS, signedInDoc } from './docs';

const listErrors = errorResponses(400, 404);
const oneErrors = errorResponses(404);

/** /api/Merchant: the brand's live merchants A to Z, one merchant, its snippet; owner and staff reads. */
const merchantRoutes: FastifyPluginAsyncTypebox<{ legacy: LegacyServices }> = async (
  app,
  { legacy },
) => {
  const { catalogue, accounts } = legacy;
  const doc = (summary: string) => legacyDoc(summary, PUBLIC_MERCHANTS);

  app.get(
    '/List',
    {
      schema: {
        ...doc('Merchants A to Z'),
        querystring: LegacyPageQuery,
        response: { 200: LegacyMerchantPage, ...listErrors },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, catalogue.merchants(request.clientId, request.query)),
  );
  app.get(
    '/letter/:letter',
    {
      schema: {
        ...doc(
          'Merchants whose name starts with a letter (a to z, either case), or 0-9 for a digit',
        ),
        params: LegacyLetterParams,
        querystring: LegacyPageQuery,
        response: { 200: LegacyMerchantPage, ...listErrors },
      },
    },
    async (request, reply) =>
      sendCacheable(
        request,
        reply,
        catalogue.merchants(request.clientId, {
          ...request.query,
          letter: request.params.letter,
        }),
      ),
  );
  app.get(
    '/id/:id',
    {
      schema: {
        ...doc('A live merchant by id'),
        params: LegacyIdParams,
        response: { 200: LegacyMerchant, ...oneErrors },
      },
    },
    async (request, reply) =>
      sendCacheable(
        request,
        reply,
        catalogue.merchant(request.clientId, { id: request.params.id }),
      ),
  );
  app.get(
    '/slug/:slug',
    {
      schema: {
        ...doc('A live merchant by slug'),
        params: LegacySlugParams,
        response: { 200: LegacyMerchant, ...oneErrors },
      },
    },
    async (request, reply) =>
      sendCacheable(
        request,
        reply,
        catalogue.merchant(request.clientId, { slug: request.params.slug }),
      ),
  );
  app.get(
    '/id/:id/snippet',
    {
      schema: {
        ...doc("A live merchant's snippet: the merchant, its current coupons and an HTML fragment"),
        params: LegacyIdParams,
        response: { 200: LegacyMerchantSnippet, ...oneErrors },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, catalogue.snippet(request.clientId, request.params.id)),
  );

  const ownerErrors = errorResponses(400, 401, 404);
  app.get(
    '/Get',
    {
      onRequest: app.authenticate,
      schema: {
        ...signedInDoc('A merchant in any review state', OWNER),
        querystring: LegacyMerchantIdQuery,
        response: { 200: LegacyMerchant, ...ownerErrors },
      },
    },
    async (request) =>
      accounts.merchant(await actorOf(app.auth, request), request.query.merchantId),
  );
  app.get(
    '/GetByAdvertiser',
    {
      onRequest: app.authenticate,
      schema: {
        ...signedInDoc("An advertiser's merchant (advertiserId: the account's user id)", OWNER),
        querystring: LegacyAdvertiserIdQuery,
        response: { 200: LegacyMerchant, ...ownerErrors },
      },
    },
    async (request) =>
      accounts.merchantOfAdvertiser(await actorOf(app.auth, request), request.query.advertiserId),
  );
};

export default merchantRoutes;
