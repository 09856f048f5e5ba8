/**
 * The public id in a logo_url that points at this server's media route, on any host
 * (brand port, API port or a proxy's): the path GET /media/{public_id}.{ext} serves.
 */
export const MEDIA_REFERENCE = '/media/(logos/[a-f0-9]{24})\\.';
const MEDIA_REFERENCE_PATTERN = new RegExp(MEDIA_REFERENCE);

/** The public id a logo_url names when it points at this server's media route (as the sweep reads it), else undefined. */
export function mediaPublicId(logoUrl: string): string | undefined {
  return MEDIA_REFERENCE_PATTERN.exec(logoUrl)?.[1];
}
