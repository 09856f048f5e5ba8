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
