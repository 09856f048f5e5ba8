import { defineConfig } from 'drizzle-kit';

// `pnpm db:generate` writes a new migration under drizzle/ from src/db/schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  // Every schema.ts under src (the core's and a feature's, such as billing).
  schema: './src/**/schema.ts',
  out: './drizzle',
});
