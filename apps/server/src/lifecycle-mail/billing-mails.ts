import { getClientConfig, type ClientId } from '@cc/config';
import { formatMoney } from '@cc/contract';
import type { NewMail } from '../mail/types';
import { lifecycleMail, longDate } from './compose';

type BillingMail = { client: ClientId; to: string; origin: string; storeName: string };

/** What a receipt's invoice attachment is called in the outbox (lifecycle-mail/index.ts builds it). */
export const INVOICE_ATTACHMENT = 'invoice';

/** A receipt for every charge, with the link to its receipt page and its invoice attached as a PDF. */
export function paymentReceiptMail(
  params: BillingMail & {
    amount: number;
    currency: string;
    paidDay: string;
    orderId: number;
    receiptUrl: string;
    /** The charge's invoice (VN-000042): the mail names it, and the outbox attaches its PDF. */
    invoiceNumber: string | undefined;
  },
): NewMail {
  const brand = getClientConfig(params.client);
  const amount = formatMoney(params.amount, { locale: brand.locale, currency: params.currency });
  const mail = lifecycleMail({
    kind: 'payment_receipt',
    client: params.client,
    to: params.to,
    subject: `Your ${brand.siteName} receipt for ${amount}`,
    paragraphs: [
      {
        text: `Thank you: we received your payment of ${amount} for the ${brand.appName} Merchant Page of ${params.storeName}.`,
      },
      {
        label: 'Order:',
        text: `#${params.orderId}, paid on ${longDate(params.paidDay, params.client)}.`,
      },
      ...(params.invoiceNumber
        ? [{ label: 'Invoice:', text: `${params.invoiceNumber}, attached as a PDF.` }]
        : []),
    ],
    link: params.receiptUrl,
    action: 'View your receipt',
  });
  return params.invoiceNumber
    ? { ...mail, attachments: [{ kind: INVOICE_ATTACHMENT, id: params.invoiceNumber }] }
    : mail;
}

/** The renewal could not be charged: the page stays up while retried; the payment screen reactivates. */
export function paymentFailedMail(params: BillingMail): NewMail {
  const brand = getClientConfig(params.client);
  return lifecycleMail({
    kind: 'payment_failed',
    client: params.client,
    to: params.to,
    subject: `Your ${brand.siteName} payment failed`,
    paragraphs: [
      {
        text: `We could not take the payment for the ${brand.appName} Merchant Page of ${params.storeName}, so your subscription is past due.`,
      },
      { text: 'Pay with another card to reactivate it and keep your store page live.' },
    ],
    link: `${params.origin}/payment`,
    action: 'Reactivate your subscription',
  });
}

/** The subscription ended; the payment screen's payment link reactivates it. */
export function subscriptionCanceledMail(params: BillingMail): NewMail {
  const brand = getClientConfig(params.client);
  return lifecycleMail({
    kind: 'subscription_canceled',
    client: params.client,
    to: params.to,
    subject: `Your ${brand.siteName} subscription was cancelled`,
    paragraphs: [
      {
        text: `The ${brand.appName} Merchant Page subscription of ${params.storeName} has been cancelled.`,
      },
      { text: 'You can reactivate it at any time from the payment screen.' },
    ],
    link: `${params.origin}/payment`,
    action: 'Reactivate your subscription',
  });
}
