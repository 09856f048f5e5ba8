import { toAmount } from '../money/money';
import { isSavingsRangeTitle } from './headline';
import { isOfferType, isPercentType, offerSavingsOrNull } from './offer-types';
import type { OfferType } from './offer-types';

/**
 * A coupon's offer, the one domain shape of it: what it saves, how its headline reads
 * and the days it shows. The wire (`decodeOffer` / `encodeOffer`, the spec's names)
 * and the server's row (its coupons feature) each decode to it and encode from it; the
 * headline, the 'UP TO' range and the money text are written from it (`headline.ts`).
 */
export type Offer = {
  type: OfferType;
  /** The percent for percent types, the amount in major units for the others; null when none (always for free shipping). */
  savings: number | null;
  /** The 'Is Savings Range' option: 'UP TO' before the offer text, on the types that have it. */
  isSavingsRange: boolean;
  /** The minimum order value, in major units; null when none. */
  minimumOrder: number | null;
  /** The coupon's own headline as stored (the wire's title); '' when it has none, then the headline is written from the offer. */
  title: string;
  /** yyyy-MM-dd, the first day it shows; null from the start. */
  startsOn: string | null;
  /** yyyy-MM-dd, the last day it shows; null when it never expires ('No Expiration Date'). */
  expiresOn: string | null;
};

/** A figure as the wire or a row holds it: a decimal string ('20.00'), a number, or null. */
type Figure = number | string | null;

/** A coupon's offer fields under the spec's wire names (SPEC section 3, "Coupon as sent by the server"). */
export type OfferWire = {
  offer_type: string;
  title: string;
  savings_amount: Figure;
  savings_percent: Figure;
  savings_minimum_order: Figure;
  minimum_order_amount: Figure;
  start_date: string | null;
  expiration_date: string | null;
};

/** The offer fields a coupon is written with (POST and PATCH /api/v1/coupons/, SPEC section 7). */
export type OfferWireBody = {
  offer_type: OfferType;
  title: string;
  savings_amount: number | null;
  savings_percent: number | null;
  savings_minimum_order: number | null;
  start_date: string | null;
  expiration_date: string | null;
};

/** The stored figures of an offer, read the one way both boundaries read them. */
export type OfferFigures = {
  type: string;
  title: string;
  amount: Figure;
  percent: Figure;
  /** The minimum order the form writes (savings_minimum_order). */
  minimumOrder: Figure;
  /** The minimum order some older coupons carry instead (minimum_order_amount). */
  minimumOrderAmount: Figure;
  startsOn: string | null;
  expiresOn: string | null;
};

/**
 * Stored figures -> the offer: a type we do not know reads as Other; the saving is the
 * percent of a percent type, none for free shipping, else the amount (or the percent
 * when no amount was kept); the range travels in the title ('up to', any case); the
 * minimum order is savings_minimum_order, else minimum_order_amount.
 */
export function offerOfFigures(figures: OfferFigures): Offer {
  const type = isOfferType(figures.type) ? figures.type : 'other';
  return {
    type,
    savings: offerSavingsOrNull(type, { amount: figures.amount, percent: figures.percent }),
    isSavingsRange: isSavingsRangeTitle(figures.title),
    minimumOrder: toAmount(figures.minimumOrder) ?? toAmount(figures.minimumOrderAmount),
    title: figures.title,
    startsOn: figures.startsOn,
    expiresOn: figures.expiresOn,
  };
}

/**
 * The offer -> its two savings figures: a percent type keeps its saving in the
 * percent, free shipping in neither, every other type in the amount.
 */
export function offerFiguresOf(offer: Pick<Offer, 'type' | 'savings'>): {
  amount: number | null;
  percent: number | null;
} {
  if (isPercentType(offer.type)) return { amount: null, percent: offer.savings };
  if (offer.type === 'free_shipping') return { amount: null, percent: null };
  return { amount: offer.savings, percent: null };
}

/** Wire -> offer (a coupon as sent by the server, or any object with its offer fields). */
export function decodeOffer(wire: OfferWire): Offer {
  return offerOfFigures({
    type: wire.offer_type,
    title: wire.title,
    amount: wire.savings_amount,
    percent: wire.savings_percent,
    minimumOrder: wire.savings_minimum_order,
    minimumOrderAmount: wire.minimum_order_amount,
    startsOn: wire.start_date,
    expiresOn: wire.expiration_date,
  });
}

/** Offer -> the offer fields of a coupon's body; a null expiry is 'No Expiration Date'. */
export function encodeOffer(offer: Offer): OfferWireBody {
  const { amount, percent } = offerFiguresOf(offer);
  return {
    offer_type: offer.type,
    title: offer.title,
    savings_amount: amount,
    savings_percent: percent,
    savings_minimum_order: offer.minimumOrder,
    start_date: offer.startsOn,
    expiration_date: offer.expiresOn,
  };
}
