import { useState } from 'react';
import { uploadImage } from '@cc/api';
import { LOGO_HEIGHT, LOGO_WIDTH } from '@cc/config';
import { MESSAGES, UPLOAD_FIT_CONTAIN } from '@cc/contract';
import { useClientConfig } from '../../../lib/brand-context';
import { readImageSize } from './read-image-size';

/** The logo is meant to be 120x40 px; only an image whose width and height both differ is rejected. */
export function isLogoSizeAccepted({ width, height }: { width: number; height: number }): boolean {
  return width === LOGO_WIDTH || height === LOGO_HEIGHT;
}

/**
 * Checks a chosen logo file and uploads it to the brand's Cloudinary-compatible
 * endpoint with its preset. Answers the uploaded URL, or null with `error` set.
 * A file of the wrong size is not uploaded; it is kept so that `fit()` can have the
 * server fit it into 120x40 instead (`canFit` while it is on offer).
 */
export function useLogoUpload() {
  const { uploadUrl, uploadPreset } = useClientConfig();
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [misfit, setMisfit] = useState<File | null>(null);

  async function send(file: File, fit?: typeof UPLOAD_FIT_CONTAIN): Promise<string | null> {
    try {
      const url = await uploadImage(file, { uploadUrl, uploadPreset, fit });
      setMisfit(null);
      return url;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return null;
    } finally {
      setIsUploading(false);
    }
  }

  async function upload(file: File): Promise<string | null> {
    setError(null);
    setMisfit(null);
    setIsUploading(true);
    try {
      const size = await readImageSize(file);
      if (!isLogoSizeAccepted(size)) {
        setError(MESSAGES.logoSize);
        setMisfit(file);
        setIsUploading(false);
        return null;
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setIsUploading(false);
      return null;
    }
    return send(file);
  }

  /** Uploads the wrong-size file with fit=contain; the message stays until it succeeds. */
  async function fit(): Promise<string | null> {
    if (!misfit) return null;
    setIsUploading(true);
    const url = await send(misfit, UPLOAD_FIT_CONTAIN);
    if (url) setError(null);
    return url;
  }

  return {
    upload,
    fit,
    canFit: misfit !== null,
    isUploading,
    error,
    clearError: () => {
      setError(null);
      setMisfit(null);
    },
  };
}
