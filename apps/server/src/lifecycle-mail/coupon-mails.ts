import { getClientConfig, type ClientId } from '@cc/config';
import type { NewMail } from '../mail/types';
import { couponNouns, lifecycleMail, longDate } from './compose';

type CouponMail = {
  client: ClientId;
  to: string;
  origin: string;
  storeName: string;
  couponId: number;
  /** The coupon's title, or its description when it has none. */
  couponTitle: string;
  /** yyyy-MM-dd, the last day it shows. */
  expirationDate: string;
  unsubscribeUrl: string;
};

const inDays = (days: number) =>
  days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;

/** 'A coupon expires in 3 days' (or fewer, if it was set to end sooner): links to its edit screen to extend it. */
export function couponExpiringMail(params: CouponMail & { daysLeft: number }): NewMail {
  const brand = getClientConfig(params.client);
  const { noun, nouns } = couponNouns(params.client);
  const date = longDate(params.expirationDate, params.client);
  return lifecycleMail({
    kind: 'coupon_expiring',
    client: params.client,
    to: params.to,
    subject: `Your ${noun} "${params.couponTitle}" expires on ${date}`,
    paragraphs: [
      {
        text: `Your ${noun} "${params.couponTitle}" for ${params.storeName} on ${brand.siteName} expires ${inDays(params.daysLeft)}: ${date} is the last day it shows.`,
      },
      {
        text: 'After that day it no longer shows on your store page. To keep it, set a later expiration date.',
      },
    ],
    link: `${params.origin}/coupons/${params.couponId}`,
    action: `Edit your ${noun}`,
    unsubscribe: { url: params.unsubscribeUrl, what: `emails about ${nouns} that expire soon` },
  });
}

/** 'A coupon expired': the store page shows one fewer; links to the coupon list. */
export function couponExpiredMail(params: CouponMail & { liveCount: number }): NewMail {
  const brand = getClientConfig(params.client);
  const { noun, nouns } = couponNouns(params.client);
  const date = longDate(params.expirationDate, params.client);
  const now =
    params.liveCount === 0
      ? `Your store page shows no ${nouns} now.`
      : `Your store page now shows ${params.liveCount} ${params.liveCount === 1 ? noun : nouns}.`;
  return lifecycleMail({
    kind: 'coupon_expired',
    client: params.client,
    to: params.to,
    subject: `Your ${noun} "${params.couponTitle}" has expired`,
    paragraphs: [
      {
        text: `Your ${noun} "${params.couponTitle}" for ${params.storeName} expired on ${date} and no longer shows on ${brand.siteName}.`,
      },
      { text: `${now} Add a new ${noun} to keep shoppers coming back.` },
    ],
    link: `${params.origin}/coupons`,
    action: `See your ${nouns}`,
    unsubscribe: { url: params.unsubscribeUrl, what: `emails about expired ${nouns}` },
  });
}
