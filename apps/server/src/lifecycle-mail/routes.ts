import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { ClientId } from '@cc/config';
import { MailPreferences, MailPreferencesBody } from '@cc/contract';
import { callerOf } from '../core/http/caller';
import { bearer, errorResponses } from '../core/http/route-schemas';
import type { MailPreferencesService } from './preferences';
import { confirmPage, donePage, invalidPage } from './unsubscribe-page';

const tags = ['mail'];
const UnsubscribeQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
const hide = { hide: true };

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);

/**
 * GET/PUT /api/v1/mail-preferences/ (the owner's optional mails), and the one-click
 * unsubscribe of RFC 8058 at /api/v1/mail/unsubscribe?token=...: POST turns the kind
 * off without sign-in (mail clients post `List-Unsubscribe=One-Click`); GET shows a
 * page whose button does the same.
 */
const lifecycleMailRoutes: FastifyPluginAsyncTypebox<{
  service: MailPreferencesService;
  brandOrigins: Record<ClientId, string>;
}> = async (app, { service, brandOrigins }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get(
    '/mail-preferences/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary:
          'Which optional emails the owner gets: expiring coupons, expired coupons, weekly summary',
        response: { 200: MailPreferences, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.preferences(callerOf(request)),
  );
  app.put(
    '/mail-preferences/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Turns optional emails on or off; a kind left out keeps its value',
        body: MailPreferencesBody,
        response: { 200: MailPreferences, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.savePreferences(callerOf(request), request.body),
  );

  app.get(
    '/mail/unsubscribe',
    { schema: { ...hide, querystring: UnsubscribeQuery } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const target = await service.target(token);
      return target
        ? html(reply, 200, confirmPage(target, token))
        : html(reply, 400, invalidPage(request.clientId));
    },
  );

  app.post(
    '/mail/unsubscribe',
    { schema: { ...hide, querystring: UnsubscribeQuery } },
    async (request, reply) => {
      const target = await service.unsubscribe(request.query.token ?? '');
      if (!target) return html(reply, 400, invalidPage(request.clientId));
      return html(reply, 200, donePage(target, brandOrigins[target.client]));
    },
  );
};

export default lifecycleMailRoutes;
