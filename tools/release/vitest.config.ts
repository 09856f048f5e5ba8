import { defineConfig } from 'vitest/config';

// The release artifacts, unpacked outside the repository and started with Node alone. The
// test takes release/ as `pnpm release` left it (npm test runs that first), or builds it.
export default defineConfig({
  test: {
    name: 'release',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    // After the client projects and the server's group, so it does not compete with them.
    sequence: { groupOrder: 2 },
  },
});
