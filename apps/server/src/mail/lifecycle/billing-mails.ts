import { getClientConfig, type ClientId } from '@cc/config';
import { formatMoney } from '@cc/contract';
import type { NewMail } from '../repository';
import { lifecycleMail, longDate } from './compose';

type BillingMail = { client: ClientId; to: string; origin: string; storeName: string };

/** A receipt for every charge, with the link to its receipt page. */
export function paymentReceiptMail(
  params: BillingMail & {
    amount: number;
    currency: string;
    paidDay: string;
    orderId: number;
    receiptUrl: string;
  },
): NewMail {
  const brand = getClientConfig(params.client);
  const amount = formatMoney(params.amount, { locale: brand.locale, currency: params.currency });
  return lifecycleMail({
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
    ],
    link: params.receiptUrl,
    action: 'View your receipt',
  });
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
