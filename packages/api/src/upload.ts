import type { UPLOAD_FIT_CONTAIN, UploadResponse } from '@cc/contract';
import { readAccessToken } from './session-storage';

export const NO_URL_MESSAGE = 'The image service returned no URL';

/**
 * Logo upload: multipart POST of the file and the upload preset to the
 * Cloudinary-compatible endpoint, as the signed-in merchant (the server refuses an
 * anonymous upload); answers the image URL. With `fit: 'contain'` the server fits the
 * image into 120x40 px (transparent padding, PNG) before storing it.
 */
export async function uploadImage(
  file: Blob,
  options: {
    uploadUrl: string;
    uploadPreset: string;
    fit?: typeof UPLOAD_FIT_CONTAIN;
    fetchFn?: typeof fetch;
    /** The bearer token; the merchant session's (access cookie, else the stored user) when not given. */
    accessToken?: string | null;
  },
): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('upload_preset', options.uploadPreset);
  if (options.fit) form.append('fit', options.fit);
  const fetchFn = options.fetchFn ?? fetch;
  const token = options.accessToken === undefined ? readAccessToken() : options.accessToken;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response = await fetchFn(options.uploadUrl, { method: 'POST', body: form, headers });
  if (!response.ok) throw new Error(`Upload failed with status ${response.status}`);
  const body = (await response.json().catch(() => null)) as Partial<UploadResponse> | null;
  const url = body?.secure_url ?? body?.url;
  if (!url) throw new Error(NO_URL_MESSAGE);
  return url;
}
