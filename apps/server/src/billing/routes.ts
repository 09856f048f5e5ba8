import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BillingDetails,
  BillingDetailsBody,
  CardUpdateResponse,
  PageQuery,
  Paginated,
  PaymentMethod,
  Plan,
  PlanQuery,
  SubscriptionResponse,
  Transaction,
  UpdateSubscriptionBody,
} from '@cc/contract';
import { callerOf } from '../core/http/caller';
import { paginate } from '../core/http/pagination';
import { bearer, errorResponses, MessageErrorRef } from '../core/http/route-schemas';

const tags = ['billing'];

/** SPEC section 7 "Billing": plans, order history, cards, cancelling and resuming; the card update. */
const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { billing } = app;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/coupon-center-plans/',
    {
      schema: {
        tags,
        security: bearer,
        querystring: PlanQuery,
        response: { 200: Type.Array(Plan), ...errorResponses(400, 401) },
      },
    },
    async (request) => billing.plans(callerOf(request), request.query.client ?? request.clientId),
  );

  app.get(
    '/coupon-center-transactions/',
    {
      schema: {
        tags,
        security: bearer,
        querystring: PageQuery,
        response: { 200: Paginated(Transaction), ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      paginate(request, await billing.transactions(callerOf(request)), request.query),
  );

  app.get(
    '/billing/orders.csv',
    {
      schema: {
        tags,
        security: bearer,
        summary: "The caller's Order History as a CSV file",
        description:
          "Every paid order of the signed-in owner's store, newest first: Order ID, Date (yyyy-MM-dd, UTC), Description, Amount, Currency, Status, Receipt. UTF-8 with a byte order mark, CRLF rows; an attachment named <brand>-<store slug>-orders-<today>.csv.",
        response: {
          200: { description: 'The CSV file', content: { 'text/csv': { schema: Type.String() } } },
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await billing.ordersCsv(callerOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/payment-methods/',
    {
      schema: {
        tags,
        security: bearer,
        querystring: Type.Object({ websiteId: Type.Optional(Type.Integer()) }),
        response: { 200: Type.Array(PaymentMethod), ...errorResponses(401) },
      },
    },
    async (request) => billing.paymentMethods(callerOf(request), request.query.websiteId),
  );

  app.delete(
    '/payment-methods/:id/',
    {
      schema: {
        tags,
        security: bearer,
        params: Type.Object({ id: Type.String({ maxLength: 255 }) }),
        response: { 204: Type.Null(), 400: MessageErrorRef, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await billing.deletePaymentMethod(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/billing-details/',
    {
      schema: {
        tags,
        security: bearer,
        summary:
          "The owner's billing name, address and (UK stores) VAT number, printed on receipts",
        response: { 200: BillingDetails, ...errorResponses(401, 404) },
      },
    },
    async (request) => billing.billingDetails(callerOf(request)),
  );

  app.put(
    '/billing-details/',
    {
      schema: {
        tags,
        security: bearer,
        summary:
          'Saves the fields sent; vat_number only for a UK store, in the UK format (GB123456789)',
        body: BillingDetailsBody,
        response: { 200: BillingDetails, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => billing.saveBillingDetails(callerOf(request), request.body),
  );

  app.post(
    '/stripe-update-subscription/',
    {
      schema: {
        tags,
        security: bearer,
        body: UpdateSubscriptionBody,
        response: { 200: SubscriptionResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => billing.updateSubscription(callerOf(request), request.body.status),
  );

  app.post(
    '/billing/card-update/',
    {
      // The button sends no body: validate it as an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        security: bearer,
        summary:
          'Where the browser goes to give a new card (returns to /payment); an owing subscription is paid with it at once',
        body: Type.Object({}, { additionalProperties: false }),
        response: { 200: CardUpdateResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ url: await billing.cardUpdateUrl(callerOf(request)) }),
  );
};

export default billingRoutes;
