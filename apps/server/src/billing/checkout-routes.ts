import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { ClientId } from '@cc/config';
import type { CardForm } from './cards';
import cardUpdateRoutes from './card-update-routes';
import {
  checkoutPage,
  messagePage,
  PAID_SCRIPT,
  PAID_SCRIPT_PATH,
  receiptPage,
} from './checkout-pages';
import { html } from './html-answer';
import { LinkQuery } from './links';

const hide = { hide: true };
const Token = Type.Object({ id: Type.String({ maxLength: 100 }) });

/**
 * The local provider's hosted checkout and our receipt pages, on the brand's
 * origin. A payment link opens a session (its id is 256 random bits, so a
 * form post can only come from someone who was shown the page); the form
 * posts card details back to the session.
 */
const checkoutRoutes: FastifyPluginAsyncTypebox<{ testMode: boolean }> = async (
  app,
  { testMode },
) => {
  const { billing } = app;
  const originOf = (client: ClientId) => billing.origin(client);
  const message = (
    reply: FastifyReply,
    status: number,
    client: ClientId,
    title: string,
    text: string,
  ) =>
    html(reply, status, messagePage({ client, title, text, origin: originOf(client), testMode }));

  app.get(PAID_SCRIPT_PATH.replace(/^\/checkout/, ''), { schema: hide }, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(PAID_SCRIPT),
  );

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  // The card update page shares this form parser.
  await app.register(cardUpdateRoutes, { testMode });

  const linkSchema = {
    schema: {
      ...hide,
      params: Type.Object({ planId: Type.String({ maxLength: 100 }) }),
      querystring: LinkQuery,
    },
  };

  const linkOf = (planId: string, q: LinkQuery, fallback: ClientId) => ({
    planId,
    signature: q.signature ?? '',
    ref: {
      storeId: Number(q.client_reference_id),
      client: billing.clientOfPlan(planId) ?? fallback,
      email: q.prefilled_email ?? '',
      expires: Number(q.expires),
    },
  });
  const invalidLink = (reply: FastifyReply, client: ClientId) =>
    message(
      reply,
      400,
      client,
      'This payment link is not valid',
      'The link is incomplete or has expired. Go back to the payment page and press Subscribe Now again.',
    );
  const alreadySubscribed = (reply: FastifyReply, client: ClientId) =>
    message(
      reply,
      409,
      client,
      'You are already subscribed',
      'Your store already has a subscription, so nothing was charged.',
    );

  /** A local payment link: opens a checkout session for the store it names. */
  app.get('/plans/:planId', linkSchema, async (request, reply) => {
    const opened = await billing.openCheckout(
      linkOf(request.params.planId, request.query, request.clientId),
    );
    if (!opened) return invalidLink(reply, request.clientId);
    if ('alreadySubscribed' in opened) return alreadySubscribed(reply, opened.client);
    return reply.redirect(`/checkout/sessions/${encodeURIComponent(opened.sessionId)}`, 303);
  });

  /** Stripe: a Stripe Checkout bound to the store's one customer (created on first use). */
  app.get('/stripe/:planId', linkSchema, async (request, reply) => {
    const opened = await billing.openStripeCheckout(
      linkOf(request.params.planId, request.query, request.clientId),
    );
    if (!opened) return invalidLink(reply, request.clientId);
    if ('alreadySubscribed' in opened) return alreadySubscribed(reply, opened.client);
    return reply.redirect(opened.url, 303);
  });

  app.get('/sessions/:id', { schema: { ...hide, params: Token } }, async (request, reply) => {
    const found = await billing.checkoutSession(request.params.id);
    if (!found)
      return message(
        reply,
        404,
        request.clientId,
        'Checkout not found',
        'This checkout does not exist.',
      );
    const { session, client } = found;
    if (session.status === 'complete') {
      const receipt = await billing.sessionReceipt(session.id);
      if (receipt) return reply.redirect(`/checkout/receipts/${encodeURIComponent(receipt)}`, 303);
    }
    if (session.status !== 'open' || found.expired) {
      return message(
        reply,
        410,
        client,
        'This checkout has expired',
        'Go back to the payment page and press Subscribe Now again.',
      );
    }
    return html(
      reply,
      200,
      checkoutPage({
        client,
        origin: originOf(client),
        sessionId: session.id,
        planName: found.planName,
        storeName: found.storeName,
        email: session.email,
        testMode,
      }),
    );
  });

  app.post(
    '/sessions/:id',
    {
      schema: {
        ...hide,
        params: Token,
        body: Type.Object({
          card_number: Type.Optional(Type.String({ maxLength: 40 })),
          expiry: Type.Optional(Type.String({ maxLength: 10 })),
          cvc: Type.Optional(Type.String({ maxLength: 10 })),
          name: Type.Optional(Type.String({ maxLength: 200 })),
        }),
      },
    },
    async (request, reply) => {
      const found = await billing.checkoutSession(request.params.id);
      if (!found)
        return message(
          reply,
          404,
          request.clientId,
          'Checkout not found',
          'This checkout does not exist.',
        );
      const { session, client } = found;
      const form: CardForm = request.body;
      const result = await billing.pay(session.id, form);
      const again = (
        status: number,
        extra: Parameters<typeof checkoutPage>[0]['errors'] | undefined,
        alert?: string,
      ) =>
        html(
          reply,
          status,
          checkoutPage({
            client,
            origin: originOf(client),
            sessionId: session.id,
            planName: found.planName,
            storeName: found.storeName,
            email: session.email,
            testMode,
            values: form,
            ...(extra ? { errors: extra } : {}),
            ...(alert ? { alert } : {}),
          }),
        );
      switch (result.kind) {
        case 'paid':
          return reply.redirect(
            `/checkout/receipts/${encodeURIComponent(result.receiptToken)}?paid=1`,
            303,
          );
        case 'invalid':
          return again(400, result.errors);
        case 'declined':
          return again(402, undefined, result.message);
        case 'closed': {
          const receipt = await billing.sessionReceipt(session.id);
          if (receipt)
            return reply.redirect(`/checkout/receipts/${encodeURIComponent(receipt)}`, 303);
          return message(
            reply,
            409,
            client,
            'This checkout is closed',
            'It has expired or your store is already subscribed; nothing was charged.',
          );
        }
      }
    },
  );

  app.get(
    '/receipts/:id',
    {
      schema: {
        ...hide,
        params: Token,
        querystring: Type.Object({ paid: Type.Optional(Type.String({ maxLength: 2 })) }),
      },
    },
    async (request, reply) => {
      const receipt = await billing.receipt(request.params.id);
      if (!receipt)
        return message(
          reply,
          404,
          request.clientId,
          'Receipt not found',
          'This receipt does not exist.',
        );
      const { transaction } = receipt;
      return html(
        reply,
        200,
        receiptPage({
          client: receipt.client,
          origin: receipt.origin,
          orderId: transaction.id,
          paidAt: transaction.paidAt,
          amount: transaction.amount,
          currency: transaction.currency,
          planName: receipt.planName,
          storeName: receipt.storeName,
          billedTo: receipt.billedTo,
          invoiceUrl: receipt.invoiceUrl,
          justPaid: request.query.paid === '1',
          testMode,
        }),
      );
    },
  );
};

export default checkoutRoutes;
