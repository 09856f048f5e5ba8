import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { outboxService, type OutboxService } from './service';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** The mail outbox: every feature that sends mail queues it here (mail/service.ts). */
    outbox: OutboxService;
  }
}

/** The mail outbox: its table and the service that queues, lists and sends it. */
async function mailPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('outbox', outboxService({ db: app.db, clock: app.clock }));
}

export default fp(mailPlugin, { name: 'mail' });
