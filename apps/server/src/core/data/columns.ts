import { timestamp } from 'drizzle-orm/pg-core';

// No time defaults: every timestamp is written from the app's clock (core/platform/clock.ts), never the database's.
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
};
