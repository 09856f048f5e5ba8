import { publishedView } from '../core/data/published-view';
import { storeDirectory } from './read-model';
import { stores } from './schema';

/**
 * The stores as other features read them in SQL (the review queue, the public pages, the
 * catalogue, the coupon lists): a view the stores feature publishes and keeps, so they join
 * and filter stores without reading its table. PostgreSQL expands it into their statements,
 * so their plans and indexes are the table's own. This declaration is the migrations' (drizzle-kit);
 * the readers select through read-model.ts. Writes go through the stores service.
 */
export const storeDirectoryView = publishedView(stores, storeDirectory);
