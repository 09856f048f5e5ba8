import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { parseClientId, type ClientId } from '@cc/config';
import type { CardForm } from './cards';
import { cardUpdatePage } from './card-update-pages';
import { messagePage } from './checkout-pages';
import { LinkQuery, type LinkReference } from './links';
import { html } from './html-answer';

const hide = { hide: true };

const Params = Type.Object({ client: Type.String({ maxLength: 4 }) });

const CardBody = Type.Object({
  card_number: Type.Optional(Type.String({ maxLength: 40 })),
  expiry: Type.Optional(Type.String({ maxLength: 10 })),
  cvc: Type.Optional(Type.String({ maxLength: 10 })),
  name: Type.Optional(Type.String({ maxLength: 200 })),
});

/**
 * The local processor's card update page, `/checkout/card/<client>?<signed link>` on the brand's
 * origin (POST /api/v1/billing/card-update/ answers the link). Registered inside the
 * checkout routes, whose form parser it shares. A good card returns to /payment.
 */
const cardUpdateRoutes: FastifyPluginAsyncTypebox<{ testMode: boolean }> = async (
  app,
  { testMode },
) => {
  const { billing } = app;

  /** The link's reference; the client in the path (signed too) says which brand's store it names. */
  const linkOf = (
    q: LinkQuery,
    clientParam: string,
    fallback: ClientId,
  ): { ref: LinkReference; signature: string; query: string } => {
    const named = parseClientId(clientParam);
    const client = named ?? fallback;
    const ref = {
      storeId: named === undefined ? Number.NaN : Number(q.client_reference_id),
      client,
      email: q.prefilled_email ?? '',
      expires: Number(q.expires),
    };
    const query = new URLSearchParams({
      client_reference_id: q.client_reference_id ?? '',
      prefilled_email: ref.email,
      expires: q.expires ?? '',
      signature: q.signature ?? '',
    }).toString();
    return { ref, signature: q.signature ?? '', query };
  };
  const actionOf = (client: ClientId, query: string) => `/checkout/card/${client}?${query}`;
  const invalidLink = (reply: FastifyReply, client: ClientId) =>
    html(
      reply,
      400,
      messagePage({
        client,
        title: 'This card update link is not valid',
        text: 'The link is incomplete or has expired. Go back to the payment page and press Update card again.',
        origin: billing.origin(client),
        testMode,
      }),
    );

  app.get(
    '/card/:client',
    { schema: { ...hide, params: Params, querystring: LinkQuery } },
    async (request, reply) => {
      const link = linkOf(request.query, request.params.client, request.clientId);
      const target = await billing.cardLinkTarget(link.ref, link.signature);
      if (!target) return invalidLink(reply, request.clientId);
      return html(
        reply,
        200,
        cardUpdatePage({
          ...target,
          origin: billing.origin(target.client),
          action: actionOf(target.client, link.query),
          testMode,
        }),
      );
    },
  );

  app.post(
    '/card/:client',
    { schema: { ...hide, params: Params, querystring: LinkQuery, body: CardBody } },
    async (request, reply) => {
      const link = linkOf(request.query, request.params.client, request.clientId);
      const target = await billing.cardLinkTarget(link.ref, link.signature);
      if (!target) return invalidLink(reply, request.clientId);
      const form: CardForm = request.body;
      const result = await billing.updateCard(link.ref, link.signature, form);
      const again = (
        status: number,
        extra: { errors?: Partial<Record<keyof CardForm, string>>; alert?: string },
      ) =>
        html(
          reply,
          status,
          cardUpdatePage({
            ...target,
            origin: billing.origin(target.client),
            action: actionOf(target.client, link.query),
            values: form,
            testMode,
            ...extra,
          }),
        );
      switch (result.kind) {
        case 'updated':
          return reply.redirect(result.returnUrl, 303);
        case 'invalid':
          return again(400, { errors: result.errors });
        case 'declined':
          return again(402, { alert: result.message });
        case 'closed':
          return invalidLink(reply, request.clientId);
      }
    },
  );
};

export default cardUpdateRoutes;
