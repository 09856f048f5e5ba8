import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '@cc/merchant-centre/precompress';

/** The staff console: served by the server under /review on the API port. */
export default defineConfig({
  base: '/review/',
  plugins: [react(), tailwindcss(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    port: 4099,
    proxy: {
      '/api': 'http://127.0.0.1:4000',
      '/stores': 'http://127.0.0.1:4000',
      '/media': 'http://127.0.0.1:4000',
    },
  },
});
