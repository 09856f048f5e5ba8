import { CLIENTS, type ClientId } from '@cc/config';
import {
  couponHeadline,
  type BrandMoney,
  type LegacyCoupon,
  type LegacyMerchant,
  type LegacyMerchantQueueItem,
  type LegacyPage,
  type LegacyPaymentMethod,
  type PaymentMethod,
  type ReviewStore,
} from '@cc/contract';
import { renderFragment, safeUrl } from '../core/render/html';
import { decodeOfferRow } from '../coupons/offer-row';
import type { CouponWithStore } from '../coupons/types';
import type { StoreRow } from '../stores/types';
import { statusOf } from '../review/service';

export const DEFAULT_PAGE_SIZE = 20;

/** One page of an already ordered list; a page past the end is empty. */
export function pageOf<T>(
  items: T[],
  query: { page?: number | undefined; pageSize?: number | undefined },
): LegacyPage<T> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return {
    Items: items.slice((page - 1) * pageSize, page * pageSize),
    TotalCount: items.length,
    Page: page,
    PageSize: pageSize,
  };
}

/** The brand money (locale and currency) of a store's client. */
export function moneyOf(client: ClientId): BrandMoney {
  return CLIENTS[client];
}

/**
 * A merchant (store) in the legacy shape. `pageUrl` is its public page on the brand's origin;
 * `couponCount` its current coupons.
 */
export function toLegacyMerchant(
  store: StoreRow,
  extra: { pageUrl: string; isLive: boolean; couponCount: number },
): LegacyMerchant {
  return {
    MerchantId: store.id,
    Name: store.name,
    Slug: store.slug,
    ClientId: store.client,
    LogoUrl: store.logoUrl,
    Url: extra.pageUrl,
    WebsiteUrl: store.websiteUrl,
    CategoryId: store.primaryCategory,
    Location: store.location,
    Status: statusOf(store),
    DeclineReason: store.declineReason,
    IsLive: extra.isLive,
    CouponCount: extra.couponCount,
  };
}

/**
 * A coupon in the legacy shape; its Url is the counted click-through under the store's page.
 * The offer is read through the coupon's row codec; the two savings figures and the minimum
 * order are listed as stored (decimals, both figures), as the catalogue has always answered.
 */
export function toLegacyCoupon(
  { coupon, store }: CouponWithStore,
  context: { pageUrl: string; money: BrandMoney },
): LegacyCoupon {
  const offer = decodeOfferRow(coupon);
  return {
    CouponId: coupon.id,
    MerchantId: store.id,
    MerchantName: store.name,
    MerchantSlug: store.slug,
    LogoUrl: store.logoUrl,
    OfferType: offer.type,
    Headline: couponHeadline(offer, context.money),
    Description: coupon.description,
    Code: coupon.discountCode,
    Url: `${context.pageUrl}/go/${coupon.id}`,
    StartDate: offer.startsOn,
    ExpirationDate: offer.expiresOn,
    SavingsAmount: coupon.savingsAmount,
    SavingsPercent: coupon.savingsPercent,
    MinimumOrder: coupon.savingsMinimumOrder ?? coupon.minimumOrderAmount,
    IsSavingsRange: offer.isSavingsRange,
    SortNumber: coupon.sortNumber,
  };
}

/**
 * The merchant's snippet as an HTML fragment: every text escaped by the renderer, only http(s)
 * links. The logo loads lazily: the snippet sits somewhere in a coupon site's page, and React
 * would otherwise put a preload link for it in front of the fragment.
 */
export function snippetHtml(merchant: LegacyMerchant, coupons: LegacyCoupon[]): string {
  const logo = safeUrl(merchant.LogoUrl);
  return renderFragment(
    <div className="cc-merchant" data-merchant-id={merchant.MerchantId}>
      <a className="cc-merchant-link" href={merchant.Url}>
        {logo ? (
          <img src={logo} alt={merchant.Name} width={120} height={40} loading="lazy" />
        ) : null}
        <span>{merchant.Name}</span>
      </a>
      <ul className="cc-coupons">
        {coupons.map((coupon) => (
          <li key={coupon.CouponId}>
            <a href={coupon.Url} rel="nofollow noopener" target="_blank">
              {coupon.Headline}
            </a>{' '}
            {coupon.Description}
          </li>
        ))}
      </ul>
    </div>,
  );
}

export function toLegacyQueueItem(entry: ReviewStore): LegacyMerchantQueueItem {
  return {
    MerchantId: entry.store.id,
    Name: entry.store.name,
    Slug: entry.store.slug,
    ClientId: entry.store.client,
    OwnerEmail: entry.owner_email,
    Status: entry.status,
    DeclineReason: entry.store.decline_reason,
    QueuedAt: entry.queued_at,
    PreviewUrl: entry.preview_url,
    CouponCount: entry.coupons.length,
  };
}

export function toLegacyPaymentMethod(method: PaymentMethod): LegacyPaymentMethod {
  return {
    PaymentMethodId: method.id,
    Brand: method.brand,
    Last4: method.last4,
    ExpMonth: method.exp_month,
    ExpYear: method.exp_year,
    IsDefault: method.is_default,
    CreatedAt: method.created_at,
  };
}
