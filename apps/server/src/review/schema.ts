import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { stores } from '../stores/schema';

/**
 * Every review step of a store, with who took it and when: staff approve or
 * decline (with the reason); the merchant resubmits by editing a declined store.
 */
export const reviewActions = pgTable(
  'review_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The staff user (approve, decline) or the merchant (resubmit); null once that user is deleted. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['approve', 'decline', 'resubmit'] }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('review_actions_store_idx').on(t.storeId, t.createdAt)],
);
