import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { messagePage } from '../checkout-pages';

/**
 * The invoice PDF of a receipt, at the receipt page's unguessable link plus /invoice.pdf, on
 * the brand's origin (registered under /checkout beside the receipt pages): a download,
 * never cached by a shared cache; the brand's 404 page for a token that names no receipt.
 */
const invoiceRoutes: FastifyPluginAsyncTypebox<{ testMode: boolean }> = async (
  app,
  { testMode },
) => {
  const { billing } = app;

  app.get(
    '/receipts/:id/invoice.pdf',
    { schema: { hide: true, params: Type.Object({ id: Type.String({ maxLength: 100 }) }) } },
    async (request, reply) => {
      const found = await billing.invoiceForReceipt(request.params.id);
      if (!found) {
        const client = request.clientId;
        const page = messagePage({
          client,
          title: 'Invoice not found',
          text: 'This invoice does not exist.',
          origin: billing.origin(client),
          testMode,
        });
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(page);
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${found.invoice.reference}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(found.pdf());
    },
  );
};

export default invoiceRoutes;
