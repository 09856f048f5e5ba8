import type { ClientId } from '@cc/config';
import type {
  LegacyCoupon,
  LegacyMerchant,
  LegacyMerchantSnippet,
  LegacyPage,
  LegacyPageQuery,
} from '@cc/contract';
import { addDays, isoDate, type Clock } from '../core/platform/clock';
import { NotFound } from '../core/http/errors';
import { STATS_DAYS } from '../public-pages/service';
import type { CouponWithStore } from '../coupons/types';
import type { StoreRow } from '../stores/types';
import { storePageUrl } from '../stores/service';
import type { CatalogueCache, CatalogueSnapshot } from './catalogue-cache';
import type { LegacyRepository, StoreName } from './repository';
import { moneyOf, pageOf, snippetHtml, toLegacyCoupon, toLegacyMerchant } from './wire';

export type CatalogueDeps = {
  repo: LegacyRepository;
  cache: CatalogueCache;
  clock: Clock;
  brandOrigins: Record<ClientId, string>;
  /** The store pages' rule: approved, and a subscription in good standing (grace period included). */
  isLiveNow: (head: { isApproved: boolean; subscription: string | null }) => boolean;
};

/** A live store with its current coupons. */
type LiveStore = { store: StoreRow; coupons: CouponWithStore[] };

/** A to Z as localeCompare(b, 'en', { sensitivity: 'base' }) orders, one collator for every comparison. */
const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byName = (a: { id: number; name: string }, b: { id: number; name: string }) =>
  collator.compare(a.name, b.name) || a.id - b.id;

/** The A-to-Z heading of a name: its first letter without accents, `0-9` for a digit, else ''. */
export function letterOf(name: string): string {
  const first = name
    .trim()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toLowerCase();
  if (/[a-z]/.test(first)) return first;
  return /[0-9]/.test(first) ? '0-9' : '';
}

/**
 * The public catalogue of one brand: only live stores (the store pages' rule) and
 * only their current coupons (started, not expired today). Reads come from this
 * instance's snapshot while it is current (catalogue-cache.ts), else from the database.
 */
export function catalogueService(deps: CatalogueDeps) {
  const { repo, cache, clock } = deps;

  async function snapshot(client: ClientId, day: string): Promise<CatalogueSnapshot> {
    const known = cache.lookup(client, day);
    if (known) return known;
    const ticket = cache.ticket();
    const stores = (await repo.approvedStores(client)).sort((a, b) => byName(a.store, b.store));
    const coupons = new Map<number, CouponWithStore[]>();
    for (const row of await repo.currentCoupons({ client }, day)) {
      const list = coupons.get(row.store.id) ?? [];
      list.push(row);
      coupons.set(row.store.id, list);
    }
    const fresh = { stores, coupons };
    cache.fill(ticket, client, day, fresh);
    return fresh;
  }

  /** The brand's live stores, A to Z, with their current coupons. */
  async function live(client: ClientId): Promise<LiveStore[]> {
    const { stores, coupons } = await snapshot(client, isoDate(clock.now()));
    return stores
      .filter((row) =>
        deps.isLiveNow({ isApproved: row.store.isApproved, subscription: row.subscription }),
      )
      .map((row) => ({ store: row.store, coupons: coupons.get(row.store.id) ?? [] }));
  }

  /** Reads of the names under way, so calls arriving together share one (while no store changed since it began). */
  const reading = new Map<string, { ticket: number; names: Promise<StoreName[]> }>();

  /** The brand's approved stores' names and subscriptions, A to Z. */
  async function approvedByName(client: ClientId, day: string): Promise<StoreName[]> {
    const known = cache.lookupNames(client, day);
    if (known) return known;
    const key = `${client}:${day}`;
    const under = reading.get(key);
    if (under && cache.current(under.ticket)) return under.names;
    const ticket = cache.ticket();
    const names = repo.approvedNames(client).then((rows) => {
      const sorted = rows.sort(byName);
      cache.fillNames(ticket, client, day, sorted);
      return sorted;
    });
    const entry = { ticket, names };
    reading.set(key, entry);
    try {
      return await names;
    } finally {
      if (reading.get(key) === entry) reading.delete(key);
    }
  }

  const pageUrl = (store: StoreRow) => storePageUrl(deps, store);
  const merchant = (entry: LiveStore | { store: StoreRow; couponCount: number }): LegacyMerchant =>
    toLegacyMerchant(entry.store, {
      pageUrl: pageUrl(entry.store),
      isLive: true,
      couponCount: 'coupons' in entry ? entry.coupons.length : entry.couponCount,
    });
  const couponOf = (store: StoreRow, row: CouponWithStore): LegacyCoupon =>
    toLegacyCoupon(row, {
      pageUrl: pageUrl(store),
      money: moneyOf(store.client),
    });
  const couponsOf = ({ store, coupons }: LiveStore): LegacyCoupon[] =>
    coupons.map((row) => couponOf(store, row));

  async function liveStore(
    client: ClientId,
    match: (store: StoreRow) => boolean,
  ): Promise<LiveStore> {
    const found = (await live(client)).find((entry) => match(entry.store));
    if (!found) throw new NotFound();
    return found;
  }

  return {
    /**
     * A page of the brand's live merchants A to Z (of one letter, if given), without reading
     * the catalogue: the approved stores' names and subscriptions, A to Z (this instance's
     * copy while it holds one), are filtered and paged here, and only the page's stores and
     * their current coupon counts are read.
     */
    async merchants(
      client: ClientId,
      query: LegacyPageQuery & { letter?: string },
    ): Promise<LegacyPage<LegacyMerchant>> {
      const letter = query.letter?.toLowerCase();
      const day = isoDate(clock.now());
      const shown = (await approvedByName(client, day)).filter(
        (row) => deps.isLiveNow(row) && (letter === undefined || letterOf(row.name) === letter),
      );
      const { Items: ids, ...page } = pageOf(
        shown.map((row) => row.id),
        query,
      );
      const [rows, counts] = await Promise.all([
        repo.storesByIds(ids),
        repo.currentCouponCounts(ids, day),
      ]);
      const byId = new Map(rows.map((row) => [row.store.id, row.store]));
      const Items = ids.flatMap((id) => {
        const store = byId.get(id);
        return store ? [merchant({ store, couponCount: counts.get(id) ?? 0 })] : [];
      });
      return { ...page, Items };
    },

    async merchant(
      client: ClientId,
      match: { id: number } | { slug: string },
    ): Promise<LegacyMerchant> {
      return merchant(
        await liveStore(client, (store) =>
          'id' in match ? store.id === match.id : store.slug === match.slug,
        ),
      );
    },

    async snippet(client: ClientId, id: number): Promise<LegacyMerchantSnippet> {
      const entry = await liveStore(client, (store) => store.id === id);
      const Merchant = merchant(entry);
      const Coupons = couponsOf(entry);
      return { Merchant, Coupons, Html: snippetHtml(Merchant, Coupons) };
    },

    /**
     * Featured: the first coupon (in the merchant's order) of each live store with a current
     * coupon, the stores ranked by their coupons' page views over the last 30 days (today
     * included), most first; equal counts A to Z.
     */
    async featured(client: ClientId, query: LegacyPageQuery): Promise<LegacyPage<LegacyCoupon>> {
      const stores = (await live(client)).filter((entry) => entry.coupons.length > 0);
      const today = isoDate(clock.now());
      const views = await repo.viewsByStore(client, addDays(today, -(STATS_DAYS - 1)), today);
      const ranked = stores
        .map((entry, order) => ({ entry, order, views: views.get(entry.store.id) ?? 0 }))
        .sort((a, b) => b.views - a.views || a.order - b.order);
      return pageOf(
        ranked.flatMap(({ entry }) =>
          entry.coupons.slice(0, 1).map((row) => couponOf(entry.store, row)),
        ),
        query,
      );
    },

    async storeCoupons(
      client: ClientId,
      storeId: number,
      query: LegacyPageQuery,
    ): Promise<LegacyPage<LegacyCoupon>> {
      return pageOf(couponsOf(await liveStore(client, (store) => store.id === storeId)), query);
    },

    /** Current coupons of the live stores in a category (their primary category), stores A to Z. */
    async categoryCoupons(
      client: ClientId,
      categoryId: number,
      query: LegacyPageQuery,
    ): Promise<LegacyPage<LegacyCoupon>> {
      const stores = (await live(client)).filter(
        (entry) => entry.store.primaryCategory === categoryId,
      );
      return pageOf(stores.flatMap(couponsOf), query);
    },

    async coupon(client: ClientId, couponId: number): Promise<LegacyCoupon> {
      for (const entry of await live(client)) {
        const row = entry.coupons.find((candidate) => candidate.coupon.id === couponId);
        if (row) return couponOf(entry.store, row);
      }
      throw new NotFound();
    },

    /** Any store (owner and staff reads): its state, liveness and current coupon count. */
    async anyMerchant(storeId: number): Promise<LegacyMerchant | undefined> {
      const row = await repo.storeById(storeId);
      if (!row) return undefined;
      const current = await repo.currentCoupons({ storeId }, isoDate(clock.now()));
      const isLive = deps.isLiveNow({
        isApproved: row.store.isApproved,
        subscription: row.subscription,
      });
      return toLegacyMerchant(row.store, {
        pageUrl: pageUrl(row.store),
        isLive,
        couponCount: current.length,
      });
    },

    pageUrl,
  };
}
export type CatalogueService = ReturnType<typeof catalogueService>;
