// @ts-check
// Two pictures compared pixel by pixel (pixelmatch): a colour difference under THRESHOLD and
// anti-aliasing at edges are not differences; any other changed pixel is.
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** pixelmatch's per-pixel colour distance (0 to 1) below which two pixels count as the same. */
export const THRESHOLD = 0.1;

/**
 * @param {Buffer} acceptedPng
 * @param {Buffer} nowPng
 * @returns {{ same: true } | { same: false, diff?: Buffer, detail: string }}
 */
export function comparePictures(acceptedPng, nowPng) {
  if (acceptedPng.equals(nowPng)) return { same: true };
  const accepted = PNG.sync.read(acceptedPng);
  const now = PNG.sync.read(nowPng);
  if (accepted.width !== now.width || accepted.height !== now.height) {
    return {
      same: false,
      detail: `size ${accepted.width}x${accepted.height} became ${now.width}x${now.height}`,
    };
  }
  const diff = new PNG({ width: now.width, height: now.height });
  const changed = pixelmatch(accepted.data, now.data, diff.data, now.width, now.height, {
    threshold: THRESHOLD,
    alpha: 0.2,
  });
  if (changed === 0) return { same: true };
  return { same: false, diff: PNG.sync.write(diff), detail: `${changed} pixels differ` };
}
