/** The store's row types, for the features that read stores through the stores service. */
export type { NewStore, StoreRow } from './repository';
