import { randomBytes } from 'node:crypto';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { CLIENTS, LOGO_HEIGHT, LOGO_WIDTH } from '@cc/config';
import { MESSAGES, type UploadResponse } from '@cc/contract';
import { ValidationFailed } from '../core/http/errors';
import type { Clock } from '../core/platform/clock';
import type { Db, Executor } from '../core/data/db';
import type { ImageHolder } from './holders';
import { mediaPublicId } from './media-url';
import { imagesRepository } from './repository';

export type ImageFormat = 'png' | 'jpg' | 'webp';

const CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** The format by magic bytes; SVG and anything else answer undefined. */
export function sniffImage(data: Buffer): ImageFormat | undefined {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (
    data.length >= 12 &&
    data.toString('ascii', 0, 4) === 'RIFF' &&
    data.toString('ascii', 8, 12) === 'WEBP'
  )
    return 'webp';
  return undefined;
}

/** Scales into 120x40 keeping the proportions; the padding is transparent, so the output is PNG. */
function fitToLogo(image: Sharp): Sharp {
  return image
    .resize(LOGO_WIDTH, LOGO_HEIGHT, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png();
}

export const UPLOAD_PRESETS: ReadonlySet<string> = new Set(
  Object.values(CLIENTS).map((client) => client.uploadPreset),
);

export function uploadService(deps: { db: Db; clock: Clock }) {
  const holders: ImageHolder[] = [];
  const images = imagesRepository(deps.db, holders);
  return {
    /** Keeps the images `holder`'s rows point at from the sweep and the logo deletes (holders.ts). */
    addHolder(holder: ImageHolder): void {
      holders.push(holder);
    },
    /**
     * Validates, re-encodes (dropping metadata) and stores a logo; answers Cloudinary's fields.
     * With `fit`, the logo is first fitted into 120x40 px (transparent padding, stored as PNG).
     */
    async storeLogo(params: {
      data: Buffer;
      preset: string;
      origin: string;
      fit?: boolean;
    }): Promise<UploadResponse> {
      if (!UPLOAD_PRESETS.has(params.preset))
        throw ValidationFailed.field('upload_preset', MESSAGES.invalidChoice);
      const sniffed = sniffImage(params.data);
      if (!sniffed) throw ValidationFailed.field('file', MESSAGES.unsupportedImage);
      const format: ImageFormat = params.fit ? 'png' : sniffed;
      let output: { data: Buffer; info: OutputInfo };
      try {
        const image = sharp(params.data, { limitInputPixels: 4096 * 4096 }).rotate();
        const encoded = params.fit
          ? fitToLogo(image)
          : format === 'png'
            ? image.png()
            : format === 'jpg'
              ? image.jpeg({ quality: 90 })
              : image.webp({ quality: 90 });
        output = await encoded.toBuffer({ resolveWithObject: true });
      } catch {
        throw ValidationFailed.field('file', MESSAGES.unsupportedImage);
      }
      const publicId = `logos/${randomBytes(12).toString('hex')}`;
      await images.insert({
        publicId,
        format,
        contentType: CONTENT_TYPES[format],
        width: output.info.width,
        height: output.info.height,
        bytes: output.data.length,
        data: output.data,
        createdAt: deps.clock.now(),
      });
      const url = `${params.origin}/media/${publicId}.${format}`;
      return {
        public_id: publicId,
        url,
        secure_url: url.replace(/^http:\/\/(?!localhost|127\.0\.0\.1)/, 'https://'),
        width: output.info.width,
        height: output.info.height,
        format,
        bytes: output.data.length,
      };
    },
    /** A stored image by its public id (`logos/<hex>`). */
    image: (publicId: string) => images.find(publicId),
    /** Whether the upload is still stored (read in the caller's transaction when given). */
    imageExists: (publicId: string, executor?: Executor) => images.exists(publicId, executor),
    /**
     * Deletes the uploads a logo_url names (a deleted store's logo) unless another store's
     * logo_url still points at them, in the caller's transaction; answers the ids deleted.
     */
    deleteLogos(logoUrls: readonly string[], tx: Executor): Promise<string[]> {
      const ids = logoUrls.map(mediaPublicId).filter((id): id is string => id !== undefined);
      return images.deleteUnreferenced(ids, tx);
    },
    /**
     * Deletes uploads older than `graceMs` (by their upload time on the app clock) that no
     * store's logo_url points at, checked in the database as it deletes; answers their ids.
     */
    async deleteUnused(graceMs: number): Promise<string[]> {
      const cutoff = new Date(deps.clock.now().getTime() - graceMs);
      return deps.db.transaction((tx) => images.deleteUnreferencedBefore(cutoff, tx));
    },
  };
}
export type UploadService = ReturnType<typeof uploadService>;
