import { useState } from 'react';
import { uploadImage } from '@cc/api';
import { LOGO_HEIGHT, LOGO_WIDTH } from '@cc/config';
import { MESSAGES } from '@cc/contract';
import { useClientConfig } from '../../../app/brand-context';
import { readImageSize } from './read-image-size';

/** The logo is meant to be 120x40 px; only an image whose width and height both differ is rejected. */
export function isLogoSizeAccepted({ width, height }: { width: number; height: number }): boolean {
  return width === LOGO_WIDTH || height === LOGO_HEIGHT;
}

/**
 * Checks a chosen logo file and uploads it to the brand's Cloudinary-compatible
 * endpoint with its preset. Answers the uploaded URL, or null with `error` set.
 */
export function useLogoUpload() {
  const { uploadUrl, uploadPreset } = useClientConfig();
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File): Promise<string | null> {
    setError(null);
    setIsUploading(true);
    try {
      const size = await readImageSize(file);
      if (!isLogoSizeAccepted(size)) {
        setError(MESSAGES.logoSize);
        return null;
      }
      return await uploadImage(file, { uploadUrl, uploadPreset });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return null;
    } finally {
      setIsUploading(false);
    }
  }

  return { upload, isUploading, error, clearError: () => setError(null) };
}
