import { Type, type Static } from 'typebox';

/** Cloudinary-compatible upload answer. */
export const UploadResponse = Type.Object({
  public_id: Type.String(),
  url: Type.String(),
  secure_url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  format: Type.String(),
  bytes: Type.Integer(),
});
export type UploadResponse = Static<typeof UploadResponse>;

/**
 * The upload's optional `fit` field: `contain` scales the image into 120x40 px, keeping its
 * proportions, pads the rest with transparency and stores it as PNG.
 */
export const UPLOAD_FIT_CONTAIN = 'contain';
