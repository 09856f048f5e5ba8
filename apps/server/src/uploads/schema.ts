import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, timestamps } from '../core/data/columns';

/** Uploaded logos, re-encoded; every instance serves them from here. */
export const images = pgTable(
  'images',
  {
    publicId: text('public_id').primaryKey(),
    format: text('format').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    data: bytea('data').notNull(),
    ...timestamps,
  },
  // The hourly sweep of unused uploads reads only the old ones.
  (t) => [index('images_created_at_idx').on(t.createdAt)],
);
