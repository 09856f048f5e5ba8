import { MAX_COUPONS_PER_STORE } from '@cc/config';
import {
  checkBody,
  COUPON_RULES,
  MESSAGES,
  type Coupon,
  type CouponCreateBody,
  type CouponUpdateBody,
  type OfferType,
} from '@cc/contract';
import { isoDate } from '../core/platform/clock';
import { FieldErrors, NotFound, ValidationFailed } from '../core/http/errors';
import type { Caller, CoreDeps } from '../core/data/deps';
import type { StoreService } from '../stores/service';
import type { CouponListCache } from './list-cache';
import { couponsRepository, type CouponWithStore, type NewCoupon } from './repository';

const DECIMAL_FIELDS = {
  savings_amount: 'savingsAmount',
  savings_percent: 'savingsPercent',
  savings_minimum_order: 'savingsMinimumOrder',
  minimum_order_amount: 'minimumOrderAmount',
  up_to_savings_percent: 'upToSavingsPercent',
} as const;
const TEXT_FIELDS = {
  title: 'title',
  custom_url: 'customUrl',
  destination_coupon_url: 'destinationCouponUrl',
  destination_affiliate_url: 'destinationAffiliateUrl',
  discount_code: 'discountCode',
} as const;

/** DRF DecimalField: kept with two decimals; '' and null clear it (the coupon rules checked it is a storable figure). */
function toDecimal(value: number | string | null): string | null {
  const figure = typeof value === 'string' ? value.trim() : value;
  return figure === null || figure === '' ? null : Number(figure).toFixed(2);
}

/** Checks a body with the coupon form's rules (@cc/contract) and turns it into column values; `partial` for PATCH. */
function couponValues(body: CouponUpdateBody, partial: boolean): Partial<NewCoupon> {
  new FieldErrors(checkBody(COUPON_RULES, body, { partial })).throwIfAny();
  const values: Partial<NewCoupon> = {};
  if (body.offer_type !== undefined) values.offerType = body.offer_type.trim();
  if (body.description !== undefined) values.description = body.description.trim();
  for (const [field, column] of Object.entries(DECIMAL_FIELDS)) {
    const raw = body[field as keyof typeof DECIMAL_FIELDS];
    if (raw !== undefined) values[column] = toDecimal(raw);
  }
  for (const field of ['start_date', 'expiration_date'] as const) {
    const raw = body[field];
    if (raw !== undefined)
      values[field === 'start_date' ? 'startDate' : 'expirationDate'] = raw?.trim() || null;
  }
  for (const [field, column] of Object.entries(TEXT_FIELDS)) {
    const raw = body[field as keyof typeof TEXT_FIELDS];
    if (raw !== undefined) values[column] = raw?.trim() ?? '';
  }
  if (body.approved !== undefined) values.approved = body.approved;
  return values;
}

export function toWireCoupon({ coupon, store }: CouponWithStore): Coupon {
  return {
    id: coupon.id,
    offer_type: coupon.offerType as OfferType,
    store: {
      id: store.id,
      slug: store.slug,
      name: store.name,
      logo_url: store.logoUrl,
      website_url: store.websiteUrl,
    },
    description: coupon.description,
    title: coupon.title,
    custom_url: coupon.customUrl,
    destination_coupon_url: coupon.destinationCouponUrl,
    destination_affiliate_url: coupon.destinationAffiliateUrl,
    discount_code: coupon.discountCode,
    minimum_order_amount: coupon.minimumOrderAmount,
    savings_amount: coupon.savingsAmount,
    savings_percent: coupon.savingsPercent,
    savings_minimum_order: coupon.savingsMinimumOrder,
    up_to_savings_percent: coupon.upToSavingsPercent,
    start_date: coupon.startDate,
    expiration_date: coupon.expirationDate,
    approved: coupon.approved,
    sort_number: coupon.sortNumber,
  };
}

export type CouponServiceDeps = Pick<CoreDeps, 'db' | 'clock'> & {
  stores: Pick<StoreService, 'findByOwner' | 'lockByOwner'>;
  /** Per-instance coupon lists, valid only while subscribed to store changes (see list-cache.ts). */
  couponLists?: CouponListCache | undefined;
};

export function couponService(deps: CouponServiceDeps) {
  const { db, clock, couponLists, stores } = deps;
  const coupons = couponsRepository(db);

  /**
   * The owner's list (scheduled coupons too when asked) with their store's slug: this
   * instance's copy when it has one, else read in one statement (and held when the copy is
   * on: not without a store, whose creation notifies another id). `store` is undefined for
   * an owner without a store. A merchant has one store, so the owner's coupons are its coupons.
   */
  async function ownList(
    caller: Caller,
    includeScheduled: boolean,
    today: string,
  ): Promise<{ store: { slug: string } | undefined; items: Coupon[] }> {
    const hit = couponLists?.lookup(caller.userId, includeScheduled, today);
    if (hit) return hit;
    const ticket = couponLists?.ticket();
    const rows = await coupons.listForOwner(caller.userId, includeScheduled ? undefined : today);
    const store = rows[0]?.store ?? (await stores.findByOwner(caller.userId));
    const items = rows.map(toWireCoupon);
    if (store && ticket !== undefined) {
      couponLists?.fill(
        ticket,
        caller.userId,
        { storeId: store.id, slug: store.slug },
        includeScheduled,
        today,
        items,
      );
    }
    return { store, items };
  }

  async function findOwn(caller: Caller, couponId: number): Promise<CouponWithStore> {
    const found = await coupons.findForOwner(caller.userId, couponId);
    if (!found) throw new NotFound();
    return found;
  }

  return {
    async list(
      caller: Caller,
      query: {
        storeSlug?: string | undefined;
        includeScheduled: boolean;
        idSearchText?: string | undefined;
      },
    ): Promise<Coupon[]> {
      let couponId: number | undefined;
      if (query.idSearchText !== undefined && query.idSearchText.trim() !== '') {
        couponId = Number(query.idSearchText.trim());
        if (!Number.isInteger(couponId) || couponId <= 0 || couponId > 2 ** 31 - 1) return [];
      }
      const today = isoDate(clock.now());
      // One coupon is looked for in the whole list (scheduled ones too), then dropped if it has not started.
      const { store, items } = await ownList(
        caller,
        query.includeScheduled || couponId !== undefined,
        today,
      );
      if (query.storeSlug !== undefined && store?.slug !== query.storeSlug) throw new NotFound();
      if (couponId === undefined) return items;
      const started = (coupon: Coupon) =>
        query.includeScheduled || !coupon.start_date || coupon.start_date <= today;
      return items.filter((coupon) => coupon.id === couponId && started(coupon));
    },

    /** Every coupon of the owner's store (scheduled ones too) in the merchant's order. */
    async ownCoupons(caller: Caller): Promise<Coupon[]> {
      return (await ownList(caller, true, isoDate(clock.now()))).items;
    },

    async get(caller: Caller, couponId: number): Promise<Coupon> {
      const coupon = (await ownList(caller, true, isoDate(clock.now()))).items.find(
        (item) => item.id === couponId,
      );
      if (!coupon) throw new NotFound();
      return coupon;
    },

    /** At most 10 per store: the store row is locked while counting, so concurrent creates cannot overshoot. */
    async create(caller: Caller, body: CouponCreateBody): Promise<Coupon> {
      const values = couponValues(body, false);
      const id = await db.transaction(async (tx) => {
        const store = await stores.lockByOwner(caller.userId, body.store, tx);
        if (!store) throw new NotFound();
        const existing = await coupons.countForStore(store.id, tx);
        if (existing >= MAX_COUPONS_PER_STORE)
          throw ValidationFailed.field('non_field_errors', MESSAGES.couponLimit);
        const sortNumber = (await coupons.maxSortNumber(store.id, tx)) + 1;
        const row = await coupons.insert(
          {
            offerType: values.offerType ?? 'other',
            description: values.description ?? '',
            ...values,
            approved: values.approved ?? true,
            storeId: store.id,
            sortNumber,
            createdAt: clock.now(),
          },
          tx,
        );
        return row.id;
      });
      return toWireCoupon(await findOwn(caller, id));
    },

    async update(caller: Caller, couponId: number, body: CouponUpdateBody): Promise<Coupon> {
      const found = await findOwn(caller, couponId);
      if (body.store !== undefined && body.store !== found.store.id) throw new NotFound();
      const values = couponValues(body, true);
      if (Object.keys(values).length > 0) await coupons.update(couponId, values);
      return toWireCoupon(await findOwn(caller, couponId));
    },

    async remove(caller: Caller, couponId: number): Promise<void> {
      await findOwn(caller, couponId);
      await coupons.delete(couponId);
    },

    /** Sets each coupon's sort_number; every id must be one of the caller's coupons. */
    async sort(caller: Caller, items: { id: string; sort_number: string }[]): Promise<void> {
      const parsed = items.map((item) => ({
        id: Number(item.id),
        sortNumber: Number(item.sort_number),
      }));
      if (
        parsed.some(
          (item) =>
            !Number.isSafeInteger(item.id) ||
            item.id > 2 ** 31 - 1 ||
            item.sortNumber > 2 ** 31 - 1,
        )
      ) {
        throw new NotFound();
      }
      await db.transaction(async (tx) => {
        const store = await stores.findByOwner(caller.userId, tx);
        if (!store) throw new NotFound();
        const owned = await coupons.idsInStore(
          store.id,
          parsed.map((item) => item.id),
          tx,
        );
        if (parsed.some((item) => !owned.has(item.id))) throw new NotFound();
        for (const item of parsed)
          await coupons.update(item.id, { sortNumber: item.sortNumber }, tx);
      });
    },
  };
}
export type CouponService = ReturnType<typeof couponService>;
