import { getClientConfig, type ClientId } from '@cc/config';
import type { NewMail } from '../mail/types';
import { brandMailHtml, type MailParagraph } from '../mail/templates';

export type LifecycleMailKind =
  | 'coupon_expiring'
  | 'coupon_expired'
  | 'payment_receipt'
  | 'payment_failed'
  | 'subscription_canceled'
  | 'weekly_summary';

/**
 * A lifecycle mail in the brand's colours and name: the paragraphs, one button to the
 * screen it concerns, and the same in a plain-text part. Optional kinds carry
 * `unsubscribe` (the one-click URL): a footer link and the List-Unsubscribe headers
 * (RFC 8058) that let mail clients turn the kind off without signing in.
 */
export function lifecycleMail(params: {
  kind: LifecycleMailKind;
  client: ClientId;
  to: string;
  subject: string;
  paragraphs: MailParagraph[];
  link: string;
  action: string;
  unsubscribe?: { url: string; what: string };
}): NewMail {
  const brand = getClientConfig(params.client);
  const { unsubscribe } = params;
  const footer = unsubscribe
    ? `You get this email because ${unsubscribe.what} are on for your store.`
    : '';
  const text = [
    ...params.paragraphs.map(({ label, text: line }) => (label ? `${label} ${line}` : line)),
    `${params.action}: ${params.link}`,
    ...(unsubscribe ? [`${footer} Unsubscribe: ${unsubscribe.url}`] : []),
    `${brand.appName} (${brand.siteName})`,
  ].join('\n\n');
  const html = brandMailHtml({
    client: params.client,
    before: params.paragraphs,
    link: params.link,
    action: params.action,
    footer: unsubscribe ? { text: footer, link: unsubscribe.url, label: 'Unsubscribe' } : undefined,
  });
  return {
    client: params.client,
    kind: params.kind,
    toAddress: params.to,
    subject: params.subject,
    textBody: text,
    htmlBody: html,
    headers: unsubscribe
      ? {
          'List-Unsubscribe': `<${unsubscribe.url}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : null,
  };
}

/** A long date as the brand's readers write it: 27 November 2026 (UK), November 27, 2026 (US). */
export function longDate(day: string, client: ClientId): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Intl.DateTimeFormat(getClientConfig(client).locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

/** What the brand calls a coupon, in lower case: voucher/vouchers (UK), promo code/promo codes (US). */
export function couponNouns(client: ClientId): { noun: string; nouns: string } {
  const brand = getClientConfig(client);
  return {
    noun: (brand.discountText ?? 'Coupon').toLowerCase(),
    nouns: (brand.discountsText ?? 'Coupons').toLowerCase(),
  };
}
