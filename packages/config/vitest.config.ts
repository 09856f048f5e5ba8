import { defineConfig } from 'vitest/config';

export default defineConfig({
  // As in the brand builds: logo imports answer a file's URL, never an inlined copy.
  build: { assetsInlineLimit: 0 },
  test: { name: 'config', include: ['src/**/*.test.ts'] },
});
