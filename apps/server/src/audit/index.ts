import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRequestOrigin } from './context';
import type { AuditDirectory } from './directory';
import auditRoutes from './routes';
import { auditService, type AuditService } from './service';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** The audit trail (audit/service.ts): every feature records its audited actions here. */
    audit: AuditService;
  }
}

export type AuditOptions = {
  /** The users' addresses and their stores, from the features above (account/audit-directory.ts). */
  directory: AuditDirectory;
};

/**
 * The audit trail: `app.audit`, which the features after it record into (in their own
 * transactions), each handler run with its request's address at hand (context.ts), and the
 * staff and merchant readers. Registered before the features that record.
 */
async function auditPlugin(app: FastifyInstance, options: AuditOptions): Promise<void> {
  const audit = auditService({ db: app.db, clock: app.clock, directory: options.directory });
  app.decorate('audit', audit);
  registerRequestOrigin(app);
  await app.register(auditRoutes, { audit });
}

export default fp(auditPlugin, { name: 'audit' });
