import PDFDocument from 'pdfkit';
import { getClientConfig } from '@cc/config';
import { formatMoney, VAT_NUMBER_CLIENT } from '@cc/contract';
import { invoiceDate, type InvoiceDocument } from './document';

const MARGIN = 50;
const COLUMNS = { description: MARGIN, net: 300, rate: 370, vat: 430, total: 490 } as const;

/**
 * The invoice as a PDF in pdfkit's built-in Helvetica, A4: "VAT invoice" with net, VAT rate,
 * VAT and gross for the UK brand, "Invoice" with the total only for the US brands. Answers the
 * document, a readable stream already ended: pipe it or send it as it is.
 */
export function invoicePdf(invoice: InvoiceDocument): PDFKit.PDFDocument {
  const brand = getClientConfig(invoice.client);
  const withVat = invoice.client === VAT_NUMBER_CLIENT;
  const title = withVat ? 'VAT invoice' : 'Invoice';
  const money = (minor: number) =>
    formatMoney(minor, { locale: brand.locale, currency: invoice.currency });
  const rate = `${invoice.vatRateBp / 100}%`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // The issue date, not the moment of rendering: the same invoice makes the same file.
    info: {
      Title: `${title} ${invoice.reference}`,
      Author: invoice.supplier.name,
      CreationDate: invoice.issuedAt,
    },
  });
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label} `, { continued: true }).font('Helvetica').text(value);
  };

  doc.font('Helvetica-Bold').fontSize(22).text(title);
  doc.fontSize(10).moveDown(0.5);
  line('Invoice number:', invoice.reference);
  line('Date of issue:', invoiceDate(invoice.issuedAt, invoice.client));
  if (withVat) line('Tax point:', invoiceDate(invoice.paidAt, invoice.client));
  doc.moveDown();

  doc.font('Helvetica-Bold').text('From');
  doc.font('Helvetica').text(invoice.supplier.name);
  for (const address of invoice.supplier.address) doc.text(address);
  if (invoice.supplier.vatNumber) line('VAT number:', invoice.supplier.vatNumber);
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Bill to');
  doc.font('Helvetica').text(invoice.customer.name);
  for (const address of invoice.customer.address) doc.text(address);
  if (invoice.customer.vatNumber) line('VAT number:', invoice.customer.vatNumber);
  if (invoice.customer.email) doc.text(invoice.customer.email);
  doc.moveDown(2);

  // The one line: what was bought and its amounts, in columns.
  const row = (
    cells: { description: string; net?: string; rate?: string; vat?: string; total: string },
    bold: boolean,
  ) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(cells.description, COLUMNS.description, y, {
      width: COLUMNS.net - COLUMNS.description - 10,
    });
    const bottom = doc.y;
    if (cells.net !== undefined) doc.text(cells.net, COLUMNS.net, y, { width: 60 });
    if (cells.rate !== undefined) doc.text(cells.rate, COLUMNS.rate, y, { width: 50 });
    if (cells.vat !== undefined) doc.text(cells.vat, COLUMNS.vat, y, { width: 55 });
    doc.text(cells.total, COLUMNS.total, y, { width: 60 });
    doc.x = MARGIN;
    doc.y = Math.max(bottom, doc.y) + 6;
  };
  if (withVat) {
    row(
      { description: 'Description', net: 'Net', rate: 'VAT rate', vat: 'VAT', total: 'Total' },
      true,
    );
    row(
      {
        description: invoice.description,
        net: money(invoice.net),
        rate,
        vat: money(invoice.vat),
        total: money(invoice.gross),
      },
      false,
    );
  } else {
    row({ description: 'Description', total: 'Amount' }, true);
    row({ description: invoice.description, total: money(invoice.gross) }, false);
  }
  doc.moveDown();

  if (withVat) {
    line('Net total:', money(invoice.net));
    line(`VAT at ${rate}:`, money(invoice.vat));
    line('Total (including VAT):', money(invoice.gross));
  } else {
    line('Total:', money(invoice.gross));
  }
  doc.moveDown();
  line('Paid', `in full on ${invoiceDate(invoice.paidAt, invoice.client)}. Thank you.`);
  doc.moveDown();
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`${brand.appName} (${brand.siteName}), ${brand.helpEmail}`);
  doc.end();
  return doc;
}

/** The PDF's bytes (a mail attachment). */
export async function invoicePdfBytes(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = invoicePdf(invoice);
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
