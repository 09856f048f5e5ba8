import { defineConfig } from 'drizzle-kit';

// `pnpm db:generate` writes a new migration under drizzle/ from every schema.ts and views.ts under src.
export default defineConfig({
  dialect: 'postgresql',
  // Every feature's schema.ts (its tables) and views.ts (the views it publishes to the others).
  schema: ['./src/**/schema.ts', './src/**/views.ts'],
  out: './drizzle',
});
