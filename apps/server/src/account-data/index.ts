import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientId } from '@cc/config';
import type { InvoiceService } from '../billing/invoices/service';
import { accountDeletion } from './deletion';
import { accountExport, type InvoiceFiles } from './export';
import { accountDataRepository } from './repository';
import accountDataRoutes from './routes';

/** The store's invoices, each PDF made only when the archive reaches it (billing/invoices). */
function invoiceFiles(invoices: InvoiceService): InvoiceFiles {
  return {
    async forStore(store, transactionIds) {
      const references = await invoices.referencesOf(store.id, transactionIds);
      return [...references.values()].map((reference) => ({
        reference,
        pdf: async () => {
          const invoice = await invoices.byReference(store.client, reference);
          if (!invoice) throw new Error(`invoice ${reference} is gone`);
          return invoices.pdf(invoice);
        },
      }));
    },
  };
}

export type AccountDataOptions = { brandOrigins: Record<ClientId, string> };

/**
 * The account's own data: "Download my data" (GET /api/v1/account/export/) and "Delete my
 * account" (POST /api/v1/account/delete/). It reads and deletes through the other features'
 * services and the views they publish, so it comes after all of them.
 */
async function accountData(app: FastifyInstance, options: AccountDataOptions): Promise<void> {
  const exporter = accountExport({
    clock: app.clock,
    repo: accountDataRepository(app.db),
    users: app.auth,
    stores: app.stores,
    coupons: app.coupons,
    billing: app.billing,
    mailPreferences: (caller) => app.mailPreferences.preferences(caller),
    sessions: (caller) => app.sessions.list(caller),
    invoices: invoiceFiles(app.billing.invoices),
    audit: app.audit,
  });
  const deletion = accountDeletion({
    db: app.db,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    users: app.auth,
    stores: app.stores,
    uploads: app.uploads,
    billing: app.billing,
    outbox: app.outbox,
    audit: app.audit,
  });
  await app.register(accountDataRoutes, { prefix: '/api/v1/account', exporter, deletion });
}

export default fp(accountData, {
  name: 'account-data',
  dependencies: [
    'audit',
    'mail',
    'auth',
    'uploads',
    'stores',
    'coupons',
    'billing',
    'public-pages',
    'lifecycle-mail',
  ],
});
