import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientId } from '@cc/config';
import { INVOICE_ATTACHMENT } from './billing-mails';
import { billingNotices } from './billing-notices';
import { mailPreferencesService, type MailPreferencesService } from './preferences';
import { lifecycleMailRepository } from './repository';
import lifecycleMailRoutes from './routes';
import { periodicJob } from '../core/platform/periodic-job';
import { lifecycleScanner } from './scanner';
import { unsubscribeTokens } from './unsubscribe-token';

/** How often every instance scans for coupon and weekly-summary mails. */
export const MAIL_SCAN_INTERVAL_MS = 60 * 60 * 1000;

export type MailScan = {
  /**
   * Scans now, after any scan of this instance already running, batch after batch until
   * nothing is left due; answers the mails it queued.
   */
  run: () => Promise<number>;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    mailScan: MailScan;
    /** The owner's choice of optional mails (preferences.ts). */
    mailPreferences: MailPreferencesService;
  }
}

/**
 * Lifecycle mail: the owner's email preferences and one-click unsubscribe routes under
 * /api/v1; the scan for coupon and weekly mails, once when the app is ready and then
 * hourly on an unref'd timer, each scan a run of small batches (MAIL_SCAN_BATCH) with a rest
 * after each full one (MAIL_SCAN_REST_SHARE) until nothing is left due (closing the app stops
 * the timer, ends a rest at once or the scan after its batch under way, and waits for that
 * batch); and the billing mails, queued in the transaction
 * of each billing sync (billing-notices.ts, app.billing.onSynced).
 */
async function lifecycleMail(
  app: FastifyInstance,
  options: { brandOrigins: Record<ClientId, string>; secret: string },
): Promise<void> {
  const tokens = unsubscribeTokens(options.secret);
  const repo = lifecycleMailRepository(app.db);
  const service = mailPreferencesService({
    stores: app.stores,
    repo,
    clock: app.clock,
    tokens,
    ownerRead: app.ownerReads.read,
  });
  const notices = billingNotices({
    db: app.db,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    outbox: app.outbox,
    paidUpElsewhere: app.billing.paidUpElsewhere,
    invoiceNumberOf: (transactionId, tx) =>
      app.billing.invoices.referenceInTransaction(transactionId, tx),
  });
  app.billing.onSynced((synced, tx) => notices.afterSync(synced, tx));
  // A receipt carries its invoice as a PDF, built when the mail is sent from the number the outbox keeps.
  app.outbox.attach(INVOICE_ATTACHMENT, (ref, mail) => ({
    filename: `${ref.id}.pdf`,
    contentType: 'application/pdf',
    content: async () => {
      const invoice = await app.billing.invoices.byReference(mail.client, ref.id);
      if (!invoice) throw new Error(`invoice ${ref.id} not found`);
      return app.billing.invoices.pdfBytes(invoice);
    },
  }));
  const scanner = lifecycleScanner({
    db: app.db,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    tokens,
    outbox: app.outbox,
  });
  await app.register(lifecycleMailRoutes, {
    prefix: '/api/v1',
    service,
    brandOrigins: options.brandOrigins,
  });

  // Aborted as closing starts (preClose runs before onClose), so a long backlog stops at the next batch.
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());
  const scan = periodicJob(app, {
    intervalMs: MAIL_SCAN_INTERVAL_MS,
    work: () => scanner.runAll(closing.signal),
    onDone: (queued) => {
      if (queued > 0) app.log.info({ queued }, 'queued coupon and weekly summary mails');
    },
    failure: 'mail scan failed; the next one retries',
  });
  app.decorate('mailScan', scan);
  app.decorate('mailPreferences', service);
}

export default fp(lifecycleMail, {
  name: 'lifecycle-mail',
  dependencies: ['mail', 'auth', 'stores', 'coupons', 'billing'],
});
