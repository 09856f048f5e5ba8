import { sql } from 'drizzle-orm';
import { MEDIA_REFERENCE } from '../uploads/media-url';
import type { ImageHolder } from '../uploads/holders';
import { storeDirectory } from './read-model';

/** The stores as holders of uploaded images: a store keeps the upload its logo_url points at. */
export const storeLogos: ImageHolder = {
  table: storeDirectory,
  pointsAt: (publicId) =>
    sql`select 1 from ${storeDirectory} where substring(${storeDirectory.logoUrl} from ${MEDIA_REFERENCE}::text) = ${publicId}`,
};
