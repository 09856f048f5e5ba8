import type { OwnedStores } from '../auth/owned-store';
import { storeDirectory, storeFields } from './read-model';
import type { StoreRow } from './repository';

declare module '../auth/owned-store' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type -- augments auth's interface: the store auth reads beside a user is a whole store row
  interface OwnedStore extends StoreRow {}
}

/** A user's store as auth reads it beside the user: a whole row of the directory stores publishes. */
export const ownedStores: OwnedStores = {
  directory: storeDirectory,
  fields: storeFields,
  ownerId: storeDirectory.userId,
};
