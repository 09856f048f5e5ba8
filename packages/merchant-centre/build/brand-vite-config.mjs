// The Vite config every brand build shares: React, Tailwind, the bundle report and
// the version label. A brand app passes only what is its own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleReport } from './bundle-report.mjs';

/** @param {{ appDir: string, brand: string, title: string }} options */
export function brandViteConfig({ appDir, brand, title }) {
  const { version } = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
  return defineConfig({
    root: appDir,
    plugins: [react(), tailwindcss(), bundleReport({ brand, title })],
    define: { __APP_VERSION__: JSON.stringify(version) },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Logos stay files: the landing page loads them lazily instead of inlining them into JS.
      assetsInlineLimit: 0,
      target: 'es2022',
      rolldownOptions: {
        treeshake: {
          // The contract's schema modules only declare TypeBox schemas; the browser
          // imports types and MESSAGES from it, so unused schema modules can go.
          moduleSideEffects: (id) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id),
        },
      },
    },
    server: {
      proxy: { '/api': 'http://127.0.0.1:4000', '/media': 'http://127.0.0.1:4000', '/dev': 'http://127.0.0.1:4000' },
    },
  });
}
