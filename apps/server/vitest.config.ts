import { defineConfig } from 'vitest/config';

// Integration tests through app.inject; each file builds its own database
// (PGlite always, PostgreSQL when reachable), so files run in parallel safely.
export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // In the root run (every project at once) the server files form their own group,
    // after the client projects, so their two workers do not compete with jsdom ones.
    sequence: { groupOrder: 1 },
  },
});
