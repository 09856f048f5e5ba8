import { defineConfig } from 'vitest/config';

// Every package's and app's own vitest.config.ts is a project of the one run that
// `npm test` makes; each names itself so results say where they come from.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'packages/*/vitest.*.config.ts',
      'apps/*/vitest.config.ts',
      'tools/release/vitest.config.ts',
    ],
  },
});
