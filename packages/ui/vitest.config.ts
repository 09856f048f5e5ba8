import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const dir = fileURLToPath(new URL('.', import.meta.url));

/** Behaviour tests of the components, in jsdom with Testing Library. */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'ui',
    root: dir,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
  },
});
