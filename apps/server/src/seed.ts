import { hash } from '@node-rs/argon2';
import { CLIENTS, type ClientId } from '@cc/config';
import { systemClock, type Clock } from './clock';
import type { Db } from './db/client';
import { usersRepository } from './repositories/users';

export type SeededLogin = { client: ClientId | 'staff'; email: string; password: string; created: boolean };

/** The demo merchant's email for a brand: demo@ plus the brand's domain. */
export function demoEmail(client: ClientId): string {
  return `demo@${new URL(CLIENTS[client].clientUrl).hostname.replace(/^www\./, '')}`;
}

/** Creates (or promotes) a staff user; answers whether it was created. Created now on `clock` (the system's by default). */
export async function createStaff(
  db: Db,
  params: { email: string; password: string; client?: ClientId; clock?: Clock },
): Promise<boolean> {
  const users = usersRepository(db);
  const client = params.client ?? 7;
  const existing = await users.findByEmail(client, params.email);
  if (existing) {
    await users.update(existing.id, { role: 'staff', emailVerified: true });
    return false;
  }
  await users.insert({
    client,
    email: params.email,
    passwordHash: await hash(params.password),
    role: 'staff',
    emailVerified: true,
    firstName: 'Staff',
    createdAt: (params.clock ?? systemClock).now(),
  });
  return true;
}

/** Idempotent: a verified demo merchant per brand and one staff user. Existing users keep their passwords. */
export async function seed(
  db: Db,
  params: { demoPassword: string; staffEmail: string; staffPassword: string },
  clock: Clock = systemClock,
) {
  const users = usersRepository(db);
  const logins: SeededLogin[] = [];
  for (const client of Object.values(CLIENTS)) {
    const email = demoEmail(client.clientId);
    const created = await users.insert({
      client: client.clientId,
      email,
      passwordHash: await hash(params.demoPassword),
      emailVerified: true,
      firstName: 'Demo',
      lastName: 'Merchant',
      createdAt: clock.now(),
    });
    logins.push({ client: client.clientId, email, password: params.demoPassword, created: created !== undefined });
  }
  const created = await createStaff(db, { email: params.staffEmail, password: params.staffPassword, clock });
  logins.push({ client: 'staff', email: params.staffEmail, password: params.staffPassword, created });
  return logins;
}
