import { getTableColumns, getTableName } from 'drizzle-orm';
import { pgView, type PgTable } from 'drizzle-orm/pg-core';

/**
 * The view a feature publishes for the others to read (its views.ts, for the migrations):
 * `source`'s columns that `readModel` (its read-model.ts, what readers import) declares, so
 * the view and what its readers select are one list of columns.
 */
export function publishedView(source: PgTable, readModel: PgTable) {
  const columns = getTableColumns(source);
  const selection = Object.fromEntries(
    Object.keys(getTableColumns(readModel)).map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`${key} is not a column of the table the view reads`);
      return [key, column];
    }),
  );
  return pgView(getTableName(readModel)).as((qb) => qb.select(selection).from(source));
}
