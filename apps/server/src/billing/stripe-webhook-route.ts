import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NotFound } from '../core/http/errors';
import { errorResponses } from '../core/http/route-schemas';

/**
 * POST /api/v1/stripe-webhook/: Stripe's events. The body stays raw (a
 * Buffer) in this plugin only, because the signature covers the exact bytes.
 */
const stripeWebhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['billing'],
        summary: 'Stripe webhook (signed)',
        response: {
          200: Type.Object({ received: Type.Literal(true), type: Type.String() }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const webhooks = app.billing.stripeWebhooks;
      if (!webhooks) throw new NotFound();
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      const type = await webhooks.receive(
        body,
        Array.isArray(signature) ? signature[0] : signature,
      );
      return { received: true as const, type };
    },
  );
};

export default stripeWebhookRoutes;
