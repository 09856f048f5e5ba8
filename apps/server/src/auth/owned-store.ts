import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * The store a user owns, as auth reads and holds it beside the user (`userWithStore`,
 * `signedInUser`). Stores stand above auth, so the stores feature fills both in: the row's type
 * by augmenting this interface, and its columns through auth's `ownedStores` option
 * (stores/owned-store.ts), which app.ts passes, so the user and their store stay one read.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- an interface, for stores/owned-store.ts to augment
export interface OwnedStore {
  id: number;
}

/** Where auth reads a user's store in the same statement as the user: a view the stores feature publishes. */
export type OwnedStores = {
  directory: PgTable;
  /** The directory's columns, selected as the store. */
  fields: Record<string, PgColumn>;
  /** The directory's column naming the owner (users.id). */
  ownerId: PgColumn;
};
