import type { SQL, SQLWrapper } from 'drizzle-orm';

/**
 * Rows of a feature above uploads that point at uploaded images (a store's logo_url): the
 * feature adds itself through `app.uploads.addHolder`, and the sweep and the logo deletes keep
 * every image a holder points at, checked in the statement that deletes.
 */
export type ImageHolder = {
  /** What the sweep locks in SHARE mode until its transaction ends (the holder's table or view). */
  table: SQLWrapper;
  /** A subquery with a row when one of the holder's rows points at the image whose public id is `publicId`. */
  pointsAt(publicId: SQLWrapper): SQL;
};
