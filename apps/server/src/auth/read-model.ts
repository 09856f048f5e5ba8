import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { pgTable } from 'drizzle-orm/pg-core';
import { userColumns, users } from './schema';

const { id, client, email } = userColumns();

/** user_directory (views.ts, migration 0014) as the other features select from it; see stores/read-model.ts. */
export const userDirectory = pgTable('user_directory', { id, client, email });

/**
 * Whether the user a column names has verified their email: the review queue lists a
 * pending store only once its owner has. One lookup by the users' key per row; the
 * directory view does not carry the flag (adding it there needs a migration of the view).
 */
export function isVerifiedUser(userId: AnyColumn): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.emailVerified})`;
}
