import { defineConfig } from 'vitest/config';

// The compose test: the release's OCI images loaded into podman and deploy/compose.yaml started
// as a whole site (PostgreSQL, Redis, a mail sink, two server instances, HAProxy). `npm test`
// runs it after `pnpm release`; it is not a project of the root run, which tests the source tree.
export default defineConfig({
  test: {
    name: 'compose',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
