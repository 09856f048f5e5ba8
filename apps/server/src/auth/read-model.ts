import { pgTable } from 'drizzle-orm/pg-core';
import { userColumns } from './schema';

const { id, client, email } = userColumns();

/** user_directory (views.ts, migration 0014) as the other features select from it; see stores/read-model.ts. */
export const userDirectory = pgTable('user_directory', { id, client, email });
