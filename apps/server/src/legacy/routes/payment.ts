import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  LegacyDefaultMethodQuery,
  LegacyDeleteMethodQuery,
  LegacyInvoicePage,
  LegacyInvoicesQuery,
  LegacyPaymentMethodList,
  LegacyPaymentSession,
  LegacySessionQuery,
} from '@cc/contract';
import { callerOf } from '../../core/http/caller';
import { errorResponses, MessageErrorRef, ValidationErrorRef } from '../../core/http/route-schemas';
import type { LegacyServices } from '../services';
import { OWN_PAYMENTS, signedInDoc } from './docs';

const SESSION =
  "returnUrl must be on the brand's own origin (else 400). The brand's billing page while the subscription is active or trialing, else a checkout; a store that never subscribed has none.";

/** /api/Payment: the caller's own cards, invoices and payment pages. */
const paymentRoutes: FastifyPluginAsyncTypebox<{ legacy: LegacyServices }> = async (
  app,
  { legacy },
) => {
  const { payments } = legacy;
  app.addHook('onRequest', app.authenticate);
  const doc = (summary: string, more = '') =>
    signedInDoc(summary, `${OWN_PAYMENTS} ${more}`.trim());
  const errors = errorResponses(400, 401, 404);

  app.delete(
    '/Delete',
    {
      schema: {
        ...doc(
          "Removes one of the caller's cards, never the last ('You must keep at least one payment method'); answers the cards left",
        ),
        querystring: LegacyDeleteMethodQuery,
        // 400: a field error, or the last card's message.
        response: {
          200: LegacyPaymentMethodList,
          ...errors,
          400: Type.Union([ValidationErrorRef, MessageErrorRef]),
        },
      },
    },
    async (request) => payments.deleteMethod(callerOf(request), request.query.paymentMethodId),
  );
  app.get(
    '/GetInvoices',
    {
      schema: {
        ...doc("The store's paid invoices (order history), newest first"),
        querystring: LegacyInvoicesQuery,
        response: { 200: LegacyInvoicePage, ...errors },
      },
    },
    async (request) =>
      payments.invoices(callerOf(request), request.query.merchantId, request.query),
  );
  app.post(
    '/SetDefaultMethod',
    {
      schema: {
        ...doc(
          "Makes one of the caller's cards the default (renewals charge it); answers the cards",
        ),
        querystring: LegacyDefaultMethodQuery,
        response: { 200: LegacyPaymentMethodList, ...errors },
      },
    },
    async (request) =>
      payments.setDefaultMethod(
        callerOf(request),
        request.query.merchantId,
        request.query.paymentMethod,
      ),
  );
  app.get(
    '/Session',
    {
      schema: {
        ...doc('Where the merchant pays (checkout) or manages billing (portal)', SESSION),
        querystring: LegacySessionQuery,
        response: { 200: LegacyPaymentSession, ...errors },
      },
    },
    async (request) =>
      payments.session(callerOf(request), request.query.merchantId, request.query.returnUrl),
  );
};

export default paymentRoutes;
