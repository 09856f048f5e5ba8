import { getClientConfig, type ClientId } from '@cc/config';
import type { NewMail } from '../mail/types';
import { brandMailHtml } from '../mail/templates';

export type ReviewMailKind = 'store_approved' | 'store_declined';

/** The merchant's review result in the store's brand; a decline carries the reason. */
export function composeReviewMail(params: {
  kind: ReviewMailKind;
  client: ClientId;
  to: string;
  storeName: string;
  /** The live page (approval) or the merchant's /my-store (decline). */
  link: string;
  reason?: string;
}): NewMail {
  const brand = getClientConfig(params.client);
  const approved = params.kind === 'store_approved';
  const subject = approved
    ? `Your store page is live on ${brand.siteName}`
    : `Your store page on ${brand.siteName} needs changes`;
  const intro = approved
    ? `Good news: ${params.storeName} has been approved and its page is now live on ${brand.siteName}.`
    : `We reviewed ${params.storeName} and could not approve it yet.`;
  const reason = approved ? '' : (params.reason ?? '');
  const next = approved
    ? 'Shoppers can now find your coupons on your store page.'
    : 'Please update your store information; saving the changes sends it back for review.';
  const action = approved ? 'View your store page' : 'Update your store';
  const textBody = [
    intro,
    reason && `Reason: ${reason}`,
    next,
    `${action}: ${params.link}`,
    brand.appName,
  ]
    .filter(Boolean)
    .join('\n\n');
  const htmlBody = brandMailHtml({
    client: params.client,
    before: [
      { text: intro },
      ...(reason ? [{ label: 'Reason:', text: reason }] : []),
      { text: next },
    ],
    link: params.link,
    action,
  });
  return {
    client: params.client,
    kind: params.kind,
    toAddress: params.to,
    subject,
    textBody,
    htmlBody,
  };
}
