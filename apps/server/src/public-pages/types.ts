/** What decides a public page's freshness and liveness, for the features that ask whether a store is live. */
export type { PageHead } from './repository';
