import { CLIENTS, isClientId } from '@cc/config';
import type { Coupon } from '@cc/contract';
import type { BrandMoney } from '@cc/contract/money';
import type { Offer, OfferType } from '@cc/contract/offer';
import { couponHeadline, decodeOffer } from '@cc/contract/offer';

/**
 * The coupon as sent by the server. offer_type is restated with OfferType because the
 * contract's union, built with Array.map, loses its literal members in the static type.
 */
export type WireCoupon = Omit<Coupon, 'offer_type'> & { offer_type: OfferType };

/**
 * A coupon as screens use it: the coupon's own fields and its offer (@cc/contract's
 * `Offer`: type, saving, range, minimum order, first and last day), decoded once.
 */
export type ScreenCoupon = {
  couponId: number;
  merchantId: number;
  description: string;
  /** The offer text: the wire title, or written from the offer when the title is empty. */
  headline: string;
  destinationUrl: string;
  code: string;
  offer: Offer;
  isApproved: boolean;
  sortNumber: number;
  store: { id: number; slug: string; name: string; logoUrl: string; websiteUrl: string };
};

/** The brand money of a client id; an unknown id keeps the figure without a currency sign. */
export function moneyOfClient(client: number): BrandMoney {
  return isClientId(client) ? CLIENTS[client] : { locale: 'en', currency: '' };
}

/** Wire -> screen; `money` is the brand's (its locale and currency) for a headline written from the offer. */
export function toScreenCoupon(coupon: WireCoupon, money: BrandMoney): ScreenCoupon {
  const offer = decodeOffer(coupon);
  return {
    couponId: coupon.id,
    merchantId: coupon.store.id,
    description: coupon.description,
    headline: couponHeadline(offer, money),
    destinationUrl:
      coupon.destination_coupon_url || coupon.custom_url || coupon.destination_affiliate_url,
    code: coupon.discount_code,
    offer,
    isApproved: coupon.approved,
    sortNumber: coupon.sort_number,
    store: {
      id: coupon.store.id,
      slug: coupon.store.slug,
      name: coupon.store.name,
      logoUrl: coupon.store.logo_url,
      websiteUrl: coupon.store.website_url,
    },
  };
}
