import { defineConfig } from 'vitest/config';

// Integration tests through app.inject; each file builds its own database
// (PGlite always, PostgreSQL when reachable), so files run in parallel safely.
export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    // Migrated databases every file starts from (a copy), made once per run.
    globalSetup: ['test/database-templates.ts'],
    // A test that builds a fresh embedded database takes 10-20 s on a busy 2-core machine, and
    // over 60 s when the machine is saturated (load average above 12).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // In the root run (every project at once) the server files form their own group,
    // after the client projects, so their two workers do not compete with jsdom ones.
    sequence: { groupOrder: 1 },
  },
});
