import type { UPLOAD_FIT_CONTAIN, UploadResponse } from '@cc/contract';

export const NO_URL_MESSAGE = 'The image service returned no URL';

/**
 * Logo upload: multipart POST of the file and the upload preset to the
 * Cloudinary-compatible endpoint; answers the image URL. With `fit: 'contain'` the
 * server fits the image into 120x40 px (transparent padding, PNG) before storing it.
 */
export async function uploadImage(
  file: Blob,
  options: { uploadUrl: string; uploadPreset: string; fit?: typeof UPLOAD_FIT_CONTAIN; fetchFn?: typeof fetch },
): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('upload_preset', options.uploadPreset);
  if (options.fit) form.append('fit', options.fit);
  const fetchFn = options.fetchFn ?? fetch;
  const response = await fetchFn(options.uploadUrl, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`Upload failed with status ${response.status}`);
  const body = (await response.json().catch(() => null)) as Partial<UploadResponse> | null;
  const url = body?.secure_url ?? body?.url;
  if (!url) throw new Error(NO_URL_MESSAGE);
  return url;
}
