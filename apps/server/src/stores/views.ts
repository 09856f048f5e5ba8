import { getViewSelectedFields } from 'drizzle-orm';
import { pgView } from 'drizzle-orm/pg-core';
import { stores } from './schema';

/**
 * The stores as other features read them in SQL (the review queue, the public pages, the
 * catalogue, the coupon lists): a view the stores feature publishes and keeps, so they join
 * and filter stores without reading its table. PostgreSQL expands it into their statements,
 * so their plans and indexes are the table's own. Writes go through the stores service.
 */
export const storeDirectory = pgView('store_directory').as((qb) => qb.select().from(stores));

/** The directory's columns as one object, to select a whole store beside other columns (`{ store: storeFields }`). */
export const storeFields = getViewSelectedFields(storeDirectory);
