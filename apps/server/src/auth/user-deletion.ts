import { eq } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { users } from './schema';

/**
 * Deletes a user in the caller's transaction; answers whether there was one. The foreign
 * keys take everything keyed to the user with it: sessions, refresh and email tokens, the
 * store, and through the store its coupons, counts, answers, review history, billing rows
 * and mail preferences (invoices stay, unlinked). The users and sessions triggers tell every
 * instance (store_changed `u<id>`), so the user's cached sessions and rows go at once.
 */
export async function deleteUser(userId: number, tx: Executor): Promise<boolean> {
  const rows = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}
