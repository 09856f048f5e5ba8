import type { Readable } from 'node:stream';
import { getClientConfig, type ClientId } from '@cc/config';
import type { AccountSession, Coupon, MailPreferences, Transaction } from '@cc/contract';
import type { AuditService } from '../audit/service';
import type { AuthService } from '../auth/service';
import { ordersCsv } from '../billing/orders-csv';
import { planName, type BillingService } from '../billing/service';
import { isoDate, type Clock } from '../core/platform/clock';
import type { Caller } from '../core/data/deps';
import { Unauthorized } from '../core/http/errors';
import type { CouponService } from '../coupons/service';
import type { StoreService } from '../stores/service';
import { exportReadme } from './readme';
import type { AccountDataRepository, CouponDayFigures } from './repository';
import { csvPages, jsonArray, jsonValue, onePage, textFile, zipWriter } from './zip-writer';

/** Days of one coupon's figures read at a time. */
export const INSIGHTS_PAGE_DAYS = 200;

export const COUPON_CSV_COLUMNS = [
  'Coupon ID',
  'Offer type',
  'Title',
  'Description',
  'Code',
  'Destination URL',
  'Start date',
  'Expiration date',
  'Savings amount',
  'Savings percent',
  'Minimum order',
  'Position',
] as const;
export const INSIGHTS_CSV_COLUMNS = [
  'Coupon ID',
  'Date',
  'Views',
  'Code reveals',
  'Clicks',
  'Worked: yes',
  'Worked: no',
] as const;

/** The store's invoices as PDF files (the invoice feature's, when it is there). */
export type InvoiceFiles = {
  /** The invoices of these orders of the store, by printed number; each PDF is made when asked for. */
  forStore: (
    store: { id: number; client: ClientId },
    transactionIds: number[],
  ) => Promise<{ reference: string; pdf: () => Promise<Readable> }[]>;
};

export type AccountExportDeps = {
  clock: Clock;
  repo: AccountDataRepository;
  users: Pick<AuthService, 'userById'>;
  stores: Pick<StoreService, 'findByOwner' | 'toWireWith'>;
  coupons: Pick<CouponService, 'ownCoupons'>;
  billing: Pick<BillingService, 'subscriptionForStore' | 'billingDetails' | 'transactions'>;
  /** The owner's choice of optional mails, as /my-store shows it. */
  mailPreferences: ((caller: Caller) => Promise<MailPreferences>) | undefined;
  /** The signed-in devices, as the account screen lists them. */
  sessions: ((caller: Caller) => Promise<AccountSession[]>) | undefined;
  invoices: InvoiceFiles | undefined;
  /** The audit trail: the download is recorded. */
  audit: Pick<AuditService, 'record'>;
};

const unixToIso = (seconds: number) => new Date(seconds * 1000).toISOString();

function couponRow(coupon: Coupon): (string | number)[] {
  return [
    coupon.id,
    coupon.offer_type,
    coupon.title,
    coupon.description,
    coupon.discount_code,
    coupon.destination_coupon_url || coupon.custom_url,
    coupon.start_date ?? '',
    coupon.expiration_date ?? '',
    coupon.savings_amount ?? '',
    coupon.savings_percent ?? '',
    coupon.minimum_order_amount ?? coupon.savings_minimum_order ?? '',
    coupon.sort_number,
  ];
}

const figuresWire = (row: CouponDayFigures) => ({
  coupon_id: row.couponId,
  day: row.day,
  views: row.views,
  reveals: row.reveals,
  clicks: row.clicks,
  answers_yes: row.answersYes,
  answers_no: row.answersNo,
});

/**
 * "Download my data": everything the account holds, as one ZIP streamed to the merchant.
 * The short lists (the store, its ten coupons at most, the orders, the devices) are read
 * before the first byte; the daily figures are read a coupon and a page of days at a time
 * while the archive is written, and the invoices one PDF at a time.
 */
export function accountExport(deps: AccountExportDeps) {
  const { repo } = deps;

  /** Every day of every coupon of the store, a page at a time. */
  async function* figurePages(storeId: number): AsyncGenerator<CouponDayFigures[]> {
    for (const couponId of await repo.couponIds(storeId)) {
      let after = '';
      for (;;) {
        const page = await repo.couponDays(couponId, after, INSIGHTS_PAGE_DAYS);
        if (page.length > 0) yield page;
        const last = page.at(-1);
        if (!last || page.length < INSIGHTS_PAGE_DAYS) break;
        after = last.day;
      }
    }
  }

  async function* mapPages<T, U>(
    pages: AsyncIterable<T[]>,
    map: (item: T) => U,
  ): AsyncGenerator<U[]> {
    for await (const page of pages) yield page.map(map);
  }

  return {
    async archive(caller: Caller): Promise<{ filename: string; stream: Readable }> {
      const user = await deps.users.userById(caller.userId);
      if (!user) throw new Unauthorized('Authentication credentials were not provided.');
      const now = deps.clock.now();
      const { client } = user;
      const brand = getClientConfig(client);
      const store = (await deps.stores.findByOwner(caller.userId)) ?? null;
      await deps.audit.record({
        actor: { userId: user.id, role: 'merchant', email: user.email },
        action: 'account.data_exported',
        target: { type: 'user', id: user.id },
        client,
      });
      const [subscription, details, preferences, coupons, orders, sessions] = await Promise.all([
        store ? deps.billing.subscriptionForStore(store.id) : null,
        store ? deps.billing.billingDetails(caller) : null,
        store && deps.mailPreferences ? deps.mailPreferences(caller) : null,
        store ? deps.coupons.ownCoupons(caller) : ([] as Coupon[]),
        store ? deps.billing.transactions(caller) : ([] as Transaction[]),
        deps.sessions ? deps.sessions(caller) : ([] as AccountSession[]),
      ]);
      const invoices =
        store && deps.invoices
          ? await deps.invoices.forStore(
              store,
              orders.map((order) => order.id),
            )
          : [];

      const zip = zipWriter(now);
      zip.add('README.txt', () =>
        textFile(
          exportReadme({
            brand: brand.appName,
            exportedAt: now.toISOString(),
            invoices: deps.invoices !== undefined,
          }),
        ),
      );
      zip.add('account.json', () =>
        jsonValue({
          id: user.id,
          email: user.email,
          email_verified: user.emailVerified,
          first_name: user.firstName,
          last_name: user.lastName,
          created_at: user.createdAt.toISOString(),
          brand: { client, name: brand.appName, site: brand.siteName },
        }),
      );
      zip.add('store.json', () =>
        jsonValue(
          store && {
            ...deps.stores.toWireWith(store, subscription),
            created_at: store.createdAt.toISOString(),
            billing_details: details,
            mail_preferences: preferences,
          },
        ),
      );
      zip.add('coupons.json', () => jsonArray(onePage(coupons)));
      zip.add('coupons.csv', () => csvPages(COUPON_CSV_COLUMNS, onePage(coupons.map(couponRow))));
      if (store) {
        zip.add('insights.json', () => jsonArray(mapPages(figurePages(store.id), figuresWire)));
        zip.add('insights.csv', () =>
          csvPages(
            INSIGHTS_CSV_COLUMNS,
            mapPages(figurePages(store.id), (r) => [
              r.couponId,
              r.day,
              r.views,
              r.reveals,
              r.clicks,
              r.answersYes,
              r.answersNo,
            ]),
          ),
        );
      } else {
        zip.add('insights.json', () => jsonArray(onePage([])));
        zip.add('insights.csv', () => csvPages(INSIGHTS_CSV_COLUMNS, onePage([])));
      }
      zip.add('orders.json', () =>
        jsonArray(
          onePage(
            orders.map((order) => ({ ...order, paid_at: unixToIso(order.transaction_created) })),
          ),
        ),
      );
      zip.add('orders.csv', () =>
        textFile(
          ordersCsv({
            transactions: orders,
            description: `${planName(client)}, monthly subscription`,
          }),
        ),
      );
      for (const invoice of invoices) zip.add(`invoices/${invoice.reference}.pdf`, invoice.pdf);
      zip.add('sessions.json', () => jsonArray(onePage(sessions)));
      return { filename: `${brand.key}-account-${isoDate(now)}.zip`, stream: zip.end() };
    },
  };
}
export type AccountExport = ReturnType<typeof accountExport>;
