import { publishedView } from '../core/data/published-view';
import { couponDirectory } from './read-model';
import { coupons } from './schema';

/**
 * The coupons as other features read them in SQL (the public pages, the catalogue, the
 * review console, the lifecycle mails, Insights): a view the coupons feature publishes and
 * keeps. PostgreSQL expands it into their statements (coupons_store_sort_idx and the rest
 * serve them as before). This declaration is the migrations' (drizzle-kit); the readers select
 * through read-model.ts. Writes go through the coupons service.
 */
export const couponDirectoryView = publishedView(coupons, couponDirectory);
