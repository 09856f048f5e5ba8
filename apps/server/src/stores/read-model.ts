import { getTableColumns } from 'drizzle-orm';
import { pgTable } from 'drizzle-orm/pg-core';
import { storeColumns } from './schema';

/**
 * store_directory (views.ts, migration 0014) as the other features select from it: the table's
 * columns under the view's name. Declared as a table rather than through the view's own
 * selection, whose columns Drizzle reads through proxies for every row (twice the time for a
 * page of rows); drizzle-kit never sees it (only schema.ts and views.ts are its sources).
 */
export const storeDirectory = pgTable('store_directory', storeColumns());

/** The directory's columns as one object, to select a whole store beside other columns (`{ store: storeFields }`). */
export const storeFields = getTableColumns(storeDirectory);
