import { defineConfig } from 'vitest/config';

// The cluster test: three server instances from the release artifacts behind HAProxy,
// on a PostgreSQL and a Redis of its own. `npm test` runs it after `pnpm release`; it is
// not a project of the root run, which tests the source tree.
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
