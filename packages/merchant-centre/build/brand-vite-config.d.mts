import type { UserConfigFnPromise } from 'vite';

/** The Vite config every brand build shares. */
export function brandViteConfig(options: {
  appDir: string;
  brand: string;
  title: string;
}): UserConfigFnPromise;
