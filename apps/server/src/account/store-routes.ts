import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Store, StoreCreateBody, StoreUpdateBody, StoreUpdateQuery } from '@cc/contract';
import type { StoreRow } from '../stores/types';
import { callerOf } from '../core/http/caller';
import { bearer, errorResponses } from '../core/http/route-schemas';

const tags = ['stores'];

/** The merchant's own store: create, update by slug, read by id; each answer shows its subscription. */
const storeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { stores, billing, auth } = app;
  /** Whether the owner's email is verified (their store waits for it before review), as /auth/me/ holds them. */
  const ownerVerified = async (userId: number) =>
    (await auth.signedInUser(userId))?.user.emailVerified;
  const answer = async (row: StoreRow) => {
    const [subscription, verified] = await Promise.all([
      billing.subscriptionForStore(row.id),
      ownerVerified(row.userId),
    ]);
    return stores.toWireWith(row, subscription, verified);
  };
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        body: StoreCreateBody,
        response: { 201: Store, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await answer(await stores.create(callerOf(request), request.body))),
  );

  const update = {
    schema: {
      tags,
      security: bearer,
      params: Type.Object({ slug: Type.String({ maxLength: 250 }) }),
      querystring: StoreUpdateQuery,
      body: StoreUpdateBody,
      response: { 200: Store, ...errorResponses(400, 401, 404) },
    },
  };
  app.put('/:slug/', update, async (request) =>
    answer(
      await stores.update(callerOf(request), request.params.slug, request.query.id, request.body),
    ),
  );
  app.patch('/:slug/', update, async (request) =>
    answer(
      await stores.update(callerOf(request), request.params.slug, request.query.id, request.body),
    ),
  );

  app.get(
    '/:id/',
    {
      schema: {
        tags,
        security: bearer,
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
        response: { 200: Store, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      // A read: the store and its subscription as /auth/me/ shows them (each held per instance).
      const caller = callerOf(request);
      const [row, owner, verified] = await Promise.all([
        stores.get(caller, request.params.id),
        billing.ownerBilling(caller.userId),
        ownerVerified(caller.userId),
      ]);
      return stores.toWireWith(row, owner.subscription, verified);
    },
  );
};

export default storeRoutes;
