import { hash } from '@node-rs/argon2';
import { sql, type SQL } from 'drizzle-orm';
import { CLIENT_IDS, getClientConfig, type ClientId } from '@cc/config';
import { isoDate } from '../core/platform/clock';
import type { Db, Tx } from '../core/data/db';
import { users } from '../auth/schema';

/** Where a generated store stands: in review, declined, approved and never paid, paying, or paid and canceled. */
export const STORE_STATES = ['pending', 'declined', 'approved', 'subscribed', 'canceled'] as const;
export type StoreState = (typeof STORE_STATES)[number];
/** Where a generated coupon stands on the clock's day: starts later, shown today, or over. */
export const COUPON_STATES = ['scheduled', 'live', 'expired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** Shares in percent, as a live site has them. */
export const STORE_SHARES: Record<StoreState, number> = {
  pending: 10,
  declined: 5,
  approved: 10,
  subscribed: 60,
  canceled: 15,
};
export const CLIENT_SHARES: Record<ClientId, number> = { 7: 40, 8: 30, 10: 30 };
export const COUPON_SHARES: Record<CouponState, number> = { scheduled: 10, live: 70, expired: 20 };
/** At most this many coupons per store (the product's limit). */
const COUPONS_PER_STORE = 10;

export type ScaleOptions = { stores: number; coupons: number; now: Date; password: string };
export type ScaleSummary = {
  stores: Record<StoreState, number>;
  clients: Record<ClientId, number>;
  coupons: Record<CouponState, number>;
  /** Milliseconds each step took. */
  timings: Record<string, number>;
};

/** `total` split by `shares` (percent) into whole counts that add up to it (largest remainder first). */
export function apportion<K extends string | number>(
  total: number,
  shares: Record<K, number>,
): Record<K, number> {
  const keys = Object.keys(shares) as K[];
  const exact = keys.map((key) => (total * shares[key]) / 100);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((sum, count) => sum + count, 0);
  const order = keys
    .map((_key, index) => index)
    .sort(
      (a, b) => (exact[b] ?? 0) - (counts[b] ?? 0) - ((exact[a] ?? 0) - (counts[a] ?? 0)) || a - b,
    );
  for (const index of order) {
    if (left <= 0) break;
    counts[index] = (counts[index] ?? 0) + 1;
    left -= 1;
  }
  return Object.fromEntries(keys.map((key, index) => [key, counts[index] ?? 0])) as Record<
    K,
    number
  >;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** A multiplier m with gcd(m, n) = 1, so i -> (i * m) mod n visits 0..n-1 once each: a spread-out order. */
function spreader(n: number, salt: number): number {
  const primes = [7919, 104_729, 15_485_863, 32_452_843, 49_979_687];
  return primes.slice(salt).find((prime) => gcd(prime, n) === 1) ?? 1;
}

/** `CASE WHEN rank < c1 THEN 'a' WHEN rank < c1+c2 THEN 'b' ... END` over counts that add up to the total. */
function bucket<K extends string | number>(
  rank: SQL,
  counts: Record<K, number>,
  cast: 'text' | 'int',
): SQL {
  const whens: SQL[] = [];
  let upTo = 0;
  for (const [key, count] of Object.entries<number>(counts)) {
    upTo += count;
    whens.push(
      sql`when ${rank} < ${upTo} then ${cast === 'int' ? Number(key) : key}::${sql.raw(cast)}`,
    );
  }
  return sql`(case ${sql.join(whens, sql` `)} end)`;
}

const ADJECTIVES = [
  'Acme',
  'Blue Fern',
  'Northwind',
  'Cosy',
  'Urban',
  'Golden',
  'Little',
  'Bright',
  'Harbour',
  'Nova',
  'Maple',
  'Silver',
];
const NOUNS = [
  'Outfitters',
  'Books',
  'Garden Centre',
  'Pet Supplies',
  'Kitchenware',
  'Shoes',
  'Toys',
  'Electronics',
  'Beauty',
  'Sports',
  'Travel',
  'Coffee',
];
const words = (list: string[], index: SQL) =>
  sql`(array[${sql.join(
    list.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[])[1 + ${index} % ${list.length}]`;

/**
 * Adds `stores` merchants (one user and one store each, all with one password hashed once)
 * and `coupons` coupons (at most 10 a store) in one transaction: brands, review and billing
 * states and coupon dates in STORE_SHARES, CLIENT_SHARES and COUPON_SHARES, every date taken
 * from `now`. Rows are made by the database from generate_series, so 100,000 stores and
 * 1,000,000 coupons take minutes, not hours. Subscriptions and payments are written as billing
 * sync leaves them (provider `local`), without the local provider's own books.
 */
export async function generateScaleData(db: Db, options: ScaleOptions): Promise<ScaleSummary> {
  const { stores: storeCount, coupons: couponCount, now } = options;
  if (!Number.isInteger(storeCount) || storeCount < 1)
    throw new Error('--stores must be a whole number of at least 1');
  if (
    !Number.isInteger(couponCount) ||
    couponCount < 0 ||
    couponCount > storeCount * COUPONS_PER_STORE
  ) {
    throw new Error(
      `--coupons must be a whole number from 0 to ${COUPONS_PER_STORE} per store (${storeCount * COUPONS_PER_STORE})`,
    );
  }
  const timings: Record<string, number> = {};
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    timings[name] = Math.round(performance.now() - started);
    return result;
  };
  const passwordHash = await step('password', () => hash(options.password));
  const summary = {
    stores: apportion(storeCount, STORE_SHARES),
    clients: apportion(storeCount, CLIENT_SHARES),
    coupons: apportion(couponCount, COUPON_SHARES),
  };
  const at = now.toISOString();
  const today = isoDate(now);

  await db.transaction(async (tx) => {
    await step('plan', () => planStores(tx, { storeCount, summary, at }));
    await step('users', () =>
      tx.execute(sql`insert into users (client, email, password_hash, first_name, last_name, user_type, role, email_verified, created_at)
        select client, email, ${passwordHash}, 'N/A', 'N/A', 2, 'merchant', n % 10 <> 0, created_at from scale_plan order by n`),
    );
    await step('stores', () =>
      tx.execute(sql`with made as (
          insert into stores (user_id, client, name, slug, website_url, affiliate_website_url, logo_url, contact_first_name,
            contact_last_name, contact_email, is_approved, declined, decline_reason, location, primary_category, created_at, queued_at)
          select u.id, p.client, p.name, p.slug, 'https://www.' || p.slug || '.example', '', '', 'Ada', 'Lovelace', p.email,
            p.state in ('approved', 'subscribed', 'canceled'), p.state = 'declined',
            case when p.state = 'declined' then 'The logo should be a 120x40px image.' else '' end,
            p.location, 1536, p.created_at + interval '10 minutes', p.created_at + interval '10 minutes'
          from scale_plan p join users u on u.client = p.client and u.email = p.email order by p.n
          returning id, slug)
        update scale_plan p set store_id = made.id from made where made.slug = p.slug`),
    );
    await step('coupons', () =>
      insertCoupons(tx, { storeCount, couponCount, counts: summary.coupons, today, at }),
    );
    await step('billing', () => insertBilling(tx, at));
    await step('review', () =>
      tx.execute(sql`insert into review_actions (store_id, actor_id, action, reason, created_at)
        select store_id, null, case when state = 'declined' then 'decline' else 'approve' end,
          case when state = 'declined' then 'The logo should be a 120x40px image.' else '' end, created_at + interval '1 day'
        from scale_plan where state <> 'pending'`),
    );
    // Each page's last change as written here (its store's creation, or its review a day later), stamped
    // as an instance stamps what it sees, so the sitemaps' first read has nothing left to stamp.
    await step('pages', () =>
      tx.execute(sql`update store_page_versions v set stamped_version = v.version,
          changed_at = p.created_at + case when p.state = 'pending' then interval '10 minutes' else interval '1 day' end
        from scale_plan p where v.store_id = p.store_id`),
    );
  });
  return { ...summary, timings };
}

type Counts = Omit<ScaleSummary, 'timings'>;

/** scale_plan: one row per new merchant (number, brand, state, names, dates), dropped at commit. */
async function planStores(
  tx: Tx,
  params: { storeCount: number; summary: Counts; at: string },
): Promise<void> {
  const { storeCount, summary, at } = params;
  const [row] = await tx
    .select({ base: sql<number>`coalesce(max(${users.id}), 0)::int` })
    .from(users);
  const base = Number(row?.base ?? 0);
  const brandRank = sql`((g - 1)::bigint * ${spreader(storeCount, 0)}) % ${storeCount}`;
  const stateRank = sql`((g - 1)::bigint * ${spreader(storeCount, 1)}) % ${storeCount}`;
  const brands = CLIENT_IDS.map((id) => {
    const brand = getClientConfig(id);
    const domain = new URL(brand.clientUrl).hostname.replace(/^www\./, '');
    return sql`(${id}::int, ${brand.slugSuffix}::text, ${brand.location}::text, ${domain}::text)`;
  });
  await tx.execute(sql`create temporary table scale_plan on commit drop as
    select g as n, b.client, s.state, s.name,
      regexp_replace(lower(s.name), '[^a-z0-9]+', '-', 'g') || '-' || (${base}::int + g) || b.suffix as slug,
      'merchant' || (${base}::int + g) || '@scale.' || b.domain as email, b.location,
      ${at}::timestamptz - make_interval(days => 2 + g % 540, secs => g % 86400) as created_at, null::int as store_id
    from generate_series(1, ${storeCount}::int) g
    cross join lateral (select ${bucket(brandRank, summary.clients, 'int')} as client) c
    join (values ${sql.join(brands, sql`, `)}) as b (client, suffix, location, domain) on b.client = c.client
    cross join lateral (select ${bucket(stateRank, summary.stores, 'text')} as state,
      ${words(ADJECTIVES, sql`g`)} || ' ' || ${words(NOUNS, sql`(g / ${ADJECTIVES.length})`)} as name) s`);
  await tx.execute(sql`create index on scale_plan (n)`);
  await tx.execute(sql`analyze scale_plan`);
}

/**
 * Coupon j goes to store ((j - 1) mod stores) + 1 as its ((j - 1) div stores) + 1-th, so stores
 * get as many coupons as they can, evenly, never more than 10. The offer types take turns.
 */
async function insertCoupons(
  tx: Tx,
  params: {
    storeCount: number;
    couponCount: number;
    counts: Record<CouponState, number>;
    today: string;
    at: string;
  },
) {
  const { storeCount, couponCount, counts, today, at } = params;
  if (couponCount === 0) return;
  const rank = sql`((j - 1)::bigint * ${spreader(couponCount, 2)}) % ${couponCount}`;
  await tx.execute(sql`insert into coupons (store_id, offer_type, description, title, custom_url, destination_coupon_url,
      destination_affiliate_url, discount_code, minimum_order_amount, savings_amount, savings_percent, savings_minimum_order,
      up_to_savings_percent, start_date, expiration_date, approved, sort_number, created_at)
    select p.store_id, o.offer_type, o.title || ' at ' || p.name || ' (offer ' || o.sort || ')', o.title, '',
      'https://www.' || p.slug || '.example/deals/' || j, '', case when j % 3 = 0 then '' else 'SAVE' || (j % 1000) end,
      o.minimum, o.amount, o.percent, o.minimum, 0, d.start_date, d.expiration_date, true, o.sort,
      least(${at}::timestamptz, p.created_at + make_interval(hours => o.sort))
    from generate_series(1, ${couponCount}::int) j
    join scale_plan p on p.n = ((j - 1) % ${storeCount}) + 1
    cross join lateral (select ((j - 1) / ${storeCount}) + 1 as sort, ${bucket(rank, counts, 'text')} as state,
      (array['sitewide_percent', 'sitewide_amount', 'free_shipping', 'sale_amount', 'sale_percent', 'other'])[1 + j % 6] as offer_type,
      case when p.client = 7 then '£' else '$' end as symbol, 5 + (j % 10) * 5 as figure) k
    cross join lateral (select k.sort, k.offer_type,
      case k.offer_type when 'sitewide_percent' then k.figure || '% OFF' when 'sale_percent' then 'UP TO ' || k.figure || '% OFF'
        when 'free_shipping' then 'Free Shipping' when 'other' then 'Sale' else k.symbol || k.figure || ' OFF' end as title,
      case when k.offer_type = 'free_shipping' then 25 + (j % 4) * 25 end::numeric as minimum,
      case when k.offer_type in ('sitewide_amount', 'sale_amount') then k.figure end::numeric as amount,
      case when k.offer_type in ('sitewide_percent', 'sale_percent') then k.figure end::numeric as percent) o
    cross join lateral (select
      case k.state when 'scheduled' then ${today}::date + (1 + j % 30) when 'live' then ${today}::date - (j % 60)
        else ${today}::date - (31 + j % 60) end as start_date,
      case k.state when 'scheduled' then ${today}::date + (31 + j % 30)
        when 'live' then case when j % 4 = 0 then null else ${today}::date + (j % 90) end
        else ${today}::date - (1 + j % 30) end as expiration_date) d`);
}

/** Customers, subscriptions (active or canceled) and each one's latest payment, as billing sync writes them. */
async function insertBilling(tx: Tx, at: string): Promise<void> {
  const paying = sql`p.state in ('subscribed', 'canceled')`;
  const prices = CLIENT_IDS.map(
    (id) => sql`when ${id}::int then ${getClientConfig(id).priceMinor}::int`,
  );
  const currencies = CLIENT_IDS.map(
    (id) => sql`when ${id}::int then ${getClientConfig(id).currency}::text`,
  );
  await tx.execute(sql`insert into billing_customers (store_id, provider, provider_customer_id, created_at)
    select p.store_id, 'local', 'cus_scale_' || p.store_id, p.created_at + interval '1 day' from scale_plan p where ${paying}`);
  await tx.execute(sql`insert into billing_subscriptions (store_id, provider, provider_subscription_id, provider_customer_id, status,
      start_date, current_period_end, canceled_at, synced_at)
    select p.store_id, 'local', 'sub_scale_' || p.store_id, 'cus_scale_' || p.store_id, s.status, s.start_date,
      case when s.status = 'active' then ${at}::timestamptz + make_interval(days => 1 + p.n % 28) else s.canceled_at end,
      s.canceled_at, ${at}::timestamptz
    from scale_plan p
    cross join lateral (select case when p.state = 'subscribed' then 'active' else 'canceled' end as status,
      p.created_at + interval '1 day' as start_date,
      case when p.state = 'canceled' then p.created_at + interval '1 day' + (${at}::timestamptz - p.created_at - interval '1 day') / 2 end
        as canceled_at) s
    where ${paying}`);
  await tx.execute(sql`insert into billing_transactions (store_id, provider, provider_invoice_id, provider_subscription_id, amount,
      currency, paid_at, receipt_token, created_at)
    select p.store_id, 'local', 'in_scale_' || p.store_id, s.provider_subscription_id,
      case p.client ${sql.join(prices, sql` `)} end, case p.client ${sql.join(currencies, sql` `)} end,
      t.paid_at, md5(random()::text || clock_timestamp()::text || p.store_id), t.paid_at
    from scale_plan p join billing_subscriptions s on s.store_id = p.store_id and s.provider_subscription_id = 'sub_scale_' || p.store_id
    cross join lateral (select greatest(s.start_date, coalesce(s.canceled_at, s.current_period_end) - interval '30 days') as paid_at) t`);
}
