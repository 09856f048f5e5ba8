import { expect, it } from 'vitest';
import { smtpSender } from '../src/mail/worker';
import { smtpReceiver } from './fakes/smtp-receiver';
import { call, describeEachDatabase, TEST_SENDERS } from './helpers';
import { mailsTo } from './lifecycle-mail-fixtures';
import { ordersOf, payingMerchant, pdfText } from './invoices-fixtures';

const receiver = smtpReceiver();

/** The base64 body of the MIME part of `raw` whose headers name `filename`. */
function attachmentOf(raw: string, filename: string): Buffer {
  const part = raw
    .split(/\r?\n--/)
    .find(
      (chunk) => chunk.includes(`filename=${filename}`) || chunk.includes(`filename="${filename}"`),
    );
  expect(part, `a part named ${filename}`).toBeDefined();
  const [headers = '', body = ''] = (part ?? '').split(/\r?\n\r?\n/);
  expect(headers).toMatch(/Content-Type: application\/pdf/i);
  expect(headers).toMatch(/Content-Disposition: attachment/i);
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}

describeEachDatabase('invoices: the receipt mail carries the invoice PDF', (ctx) => {
  it('names the invoice in the receipt mail and attaches its PDF when the mail is sent', async () => {
    const { app } = ctx();
    const m = await payingMerchant(app, 7);
    const [order] = await ordersOf(app, m, 7);
    const reference = order?.invoice_number ?? '';
    const [receipt, ...more] = await mailsTo(app, m.email, 'payment_receipt');
    expect(more).toEqual([]);
    if (!receipt) throw new Error('no receipt mail');
    expect(receipt.textBody).toContain(`Invoice: ${reference}, attached as a PDF.`);
    expect(receipt.htmlBody).toContain(`${reference}, attached as a PDF.`);
    // The outbox keeps the reference, not the file.
    expect(JSON.stringify(receipt)).not.toContain('%PDF');

    const send = smtpSender({ url: receiver.state.url, from: TEST_SENDERS });
    while ((await app.outbox.worker({ send, batch: 50 }).runOnce()) > 0);
    const sent = receiver.received.find(
      (mail) => mail.to.includes(m.email) && mail.raw.includes('receipt'),
    );
    expect(sent).toBeDefined();
    const text = await pdfText(attachmentOf(sent?.raw ?? '', `${reference}.pdf`));
    expect(text).toContain(`Invoice number: ${reference}`);
    expect(text).toContain('Total (including VAT): £19.99');
  });

  it('the dev mailbox lists the attachment by name', async () => {
    const { app } = ctx();
    const m = await payingMerchant(app, 8);
    const [order] = await ordersOf(app, m, 8);
    const listed = await call(app, 'GET', '/dev/mailbox.json');
    const results = listed.json<{
      results: { to: string; kind: string; attachments: string[] }[];
    }>().results;
    const receipt = results.find((mail) => mail.to === m.email && mail.kind === 'payment_receipt');
    expect(receipt?.attachments).toEqual([`${order?.invoice_number}.pdf`]);
    const page = await call(app, 'GET', '/dev/mailbox');
    expect(page.body).toContain(`Attached: ${order?.invoice_number}.pdf`);
    // Other mail carries nothing.
    expect(
      results
        .filter((mail) => mail.kind !== 'payment_receipt')
        .every((mail) => mail.attachments.length === 0),
    ).toBe(true);
  });
});
