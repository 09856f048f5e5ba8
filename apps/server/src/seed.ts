import { hash } from '@node-rs/argon2';
import { CLIENT_IDS, CLIENTS, getClientConfig, type ClientId } from '@cc/config';
import { addMonths } from './billing/local-provider';
import { billingRepository } from './billing/repository';
import { DAY_MS, systemClock, type Clock } from './core/platform/clock';
import type { Db } from './core/data/db';
import { fillDemoActivity } from './demo/activity';
import { subscribeDemoStore } from './demo/billing';
import { createDemoStore } from './demo/store';
import { storesRepository } from './stores/repository';
import { usersRepository } from './auth/repository';

export type SeededLogin = {
  client: ClientId | 'staff';
  email: string;
  password: string;
  created: boolean;
  /** The demo store's public page. */
  storeUrl?: string;
};

/** Where the demo stores' pages and logos are served, and whether they pay through the local processor. */
export type DemoStoreOptions = { brandOrigins: Record<ClientId, string>; localBilling: boolean };

/** The demo merchant's email for a brand: demo@ plus the brand's domain. */
export function demoEmail(client: ClientId): string {
  return `demo@${new URL(CLIENTS[client].clientUrl).hostname.replace(/^www\./, '')}`;
}

/**
 * Creates (or makes staff) the demo's admin; answers whether it was created. Created now on
 * `clock` (the system's by default). A staff account is left as it is (an admin may have
 * changed its role). Only the demo seed and tests call it: operators use create-staff.
 */
export async function createStaff(
  db: Db,
  params: { email: string; password: string; client?: ClientId; clock?: Clock },
): Promise<boolean> {
  const users = usersRepository(db);
  const client = params.client ?? CLIENT_IDS[0];
  const existing = await users.findByEmail(client, params.email);
  if (existing) {
    if (existing.role !== 'staff')
      await users.update(existing.id, { role: 'staff', staffRole: 'admin', emailVerified: true });
    return false;
  }
  await users.insert({
    client,
    email: params.email,
    passwordHash: await hash(params.password),
    role: 'staff',
    staffRole: 'admin',
    emailVerified: true,
    firstName: 'Staff',
    createdAt: (params.clock ?? systemClock).now(),
  });
  return true;
}

/**
 * When the demo store first paid: about three days short of three months ago, so it has
 * renewed twice and renews in a few days. Periods run month to month from the last end
 * (31 January, 28 February, 28 March), so the first day whose second renewal is past and
 * whose third is more than a day away is taken.
 */
export function demoSubscriptionStart(now: Date): Date {
  const first = addMonths(now, -3).getTime() + 3 * DAY_MS;
  for (let day = 0; day < 7; day += 1) {
    const start = new Date(first + day * DAY_MS);
    const secondRenewal = addMonths(addMonths(start, 1), 1);
    if (secondRenewal < now && addMonths(secondRenewal, 1).getTime() > now.getTime() + DAY_MS)
      return start;
  }
  return new Date(first);
}

/**
 * The demo merchant's store: created (approved, with a logo and ten coupons) when the
 * merchant has none, subscribed with two renewals when it never had a subscription
 * (local billing only), and its last 90 days of shopper activity filled in. Answers
 * the store's public page, or undefined when the merchant has no store.
 */
async function seedDemoStore(
  db: Db,
  params: { client: ClientId; email: string; reviewerId: number | null; options: DemoStoreOptions },
  clock: Clock,
): Promise<string | undefined> {
  const { client, email, options } = params;
  const user = await usersRepository(db).findByEmail(client, email);
  if (!user) return undefined;
  const now = clock.now();
  const start = demoSubscriptionStart(now);
  const store =
    (await storesRepository(db).findByOwner(user.id)) ??
    (await createDemoStore(db, {
      userId: user.id,
      email,
      client,
      origin: options.brandOrigins[client],
      createdAt: new Date(start.getTime() - 3 * DAY_MS),
      reviewerId: params.reviewerId,
      now,
    }));
  if (!store) return undefined;
  if (options.localBilling)
    await subscribeDemoStore(db, { storeId: store.id, email, client, start, clock });
  const subscription = await billingRepository(db).currentSubscription(store.id);
  if (subscription)
    await fillDemoActivity(db, {
      storeId: store.id,
      client,
      liveFrom: subscription.startDate,
      clock,
    });
  return `${options.brandOrigins[client]}${getClientConfig(client).storePagePath}${store.slug}`;
}

/**
 * Idempotent: a verified demo merchant per brand and one staff user; with `demoStores`,
 * each demo merchant's live store (see seedDemoStore). Existing users keep their passwords.
 */
export async function seed(
  db: Db,
  params: {
    demoPassword: string;
    staffEmail: string;
    staffPassword: string;
    demoStores?: DemoStoreOptions;
  },
  clock: Clock = systemClock,
) {
  const users = usersRepository(db);
  const logins: SeededLogin[] = [];
  // Hashed once, and only when a demo merchant is missing: every start seeds, and argon2 is slow on purpose.
  let demoHash: Promise<string> | undefined;
  for (const client of Object.values(CLIENTS)) {
    const email = demoEmail(client.clientId);
    const exists = (await users.findByEmail(client.clientId, email)) !== undefined;
    const created =
      !exists &&
      (await users.insert({
        client: client.clientId,
        email,
        passwordHash: await (demoHash ??= hash(params.demoPassword)),
        emailVerified: true,
        firstName: 'Demo',
        lastName: 'Merchant',
        createdAt: clock.now(),
      })) !== undefined;
    logins.push({ client: client.clientId, email, password: params.demoPassword, created });
  }
  const created = await createStaff(db, {
    email: params.staffEmail,
    password: params.staffPassword,
    clock,
  });
  const demoStores = params.demoStores;
  if (demoStores) {
    const reviewerId = (await users.findByEmail(7, params.staffEmail))?.id ?? null;
    for (const login of logins) {
      if (login.client === 'staff') continue;
      login.storeUrl = await seedDemoStore(
        db,
        { client: login.client, email: login.email, reviewerId, options: demoStores },
        clock,
      );
    }
  }
  logins.push({
    client: 'staff',
    email: params.staffEmail,
    password: params.staffPassword,
    created,
  });
  return logins;
}
