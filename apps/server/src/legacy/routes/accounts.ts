import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  LegacyAdvertiser,
  LegacyAdvertiserAddBody,
  LegacyAdvertiserEditBody,
  LegacyContact,
  LegacyContactAddBody,
  LegacyContactEditBody,
  LegacyContactIdQuery,
  LegacyContactList,
  LegacyMerchantIdQuery,
  LegacyOptionalAdvertiserQuery,
  LegacySourceIdQuery,
} from '@cc/contract';
import { errorResponses } from '../../core/http/route-schemas';
import { actorOf } from '../access';
import type { LegacyServices } from '../services';
import { OWNER, signedInDoc } from './docs';

/**
 * /api/Advertiser (the merchant account: user and store) and /api/Contact (the store's
 * contact fields; ContactId is the MerchantId), for the owner and staff.
 */
const accountRoutes: FastifyPluginAsyncTypebox<{ legacy: LegacyServices }> = async (
  app,
  { legacy },
) => {
  const { accounts } = legacy;
  app.addHook('onRequest', app.authenticate);
  const actor = (request: FastifyRequest) => actorOf(app.auth, request);
  const doc = (summary: string) => signedInDoc(summary, OWNER);
  const errors = errorResponses(400, 401, 404);

  app.post(
    '/Advertiser/Add',
    {
      schema: {
        ...doc("Adds the advertiser's store (staff name the account with AdvertiserId)"),
        body: LegacyAdvertiserAddBody,
        response: { 201: LegacyAdvertiser, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await accounts.addAdvertiser(await actor(request), request.body)),
  );
  app.put(
    '/Advertiser/Edit',
    {
      schema: {
        ...doc("Edits the advertiser's names and its store's name, addresses and logo"),
        body: LegacyAdvertiserEditBody,
        response: { 200: LegacyAdvertiser, ...errors },
      },
    },
    async (request) => accounts.editAdvertiser(await actor(request), request.body),
  );
  app.get(
    '/Advertiser/Get',
    {
      schema: {
        ...doc('An advertiser by advertiserId (the user id), else the caller'),
        querystring: LegacyOptionalAdvertiserQuery,
        response: { 200: LegacyAdvertiser, ...errors },
      },
    },
    async (request) => accounts.advertiser(await actor(request), request.query.advertiserId),
  );
  app.get(
    '/Advertiser/GetBySourceId',
    {
      schema: {
        ...doc('The advertiser of a source record: sourceId is its MerchantId'),
        querystring: LegacySourceIdQuery,
        response: { 200: LegacyAdvertiser, ...errors },
      },
    },
    async (request) => accounts.advertiserBySource(await actor(request), request.query.sourceId),
  );

  app.post(
    '/Contact/Add',
    {
      schema: {
        ...doc("Sets the merchant's contact (names left out are cleared)"),
        body: LegacyContactAddBody,
        response: { 201: LegacyContact, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await accounts.addContact(await actor(request), request.body)),
  );
  app.put(
    '/Contact/Edit',
    {
      schema: {
        ...doc("Edits the contact's fields that are sent"),
        body: LegacyContactEditBody,
        response: { 200: LegacyContact, ...errors },
      },
    },
    async (request) => accounts.editContact(await actor(request), request.body),
  );
  app.get(
    '/Contact/Get',
    {
      schema: {
        ...doc('A contact by contactId'),
        querystring: LegacyContactIdQuery,
        response: { 200: LegacyContact, ...errors },
      },
    },
    async (request) => accounts.contact(await actor(request), request.query.contactId),
  );
  app.get(
    '/Contact/GetList',
    {
      schema: {
        ...doc("A merchant's contacts (one)"),
        querystring: LegacyMerchantIdQuery,
        response: { 200: LegacyContactList, ...errors },
      },
    },
    async (request) => accounts.contacts(await actor(request), request.query.merchantId),
  );
};

export default accountRoutes;
