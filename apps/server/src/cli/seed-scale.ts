import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { systemClock } from '../core/platform/clock';
import { openDatabase } from '../core/data/db';
import { loadEnvOrExit } from '../core/platform/env';
import { generateScaleData } from './scale-data';

// `pnpm --filter @cc/server seed:scale --stores 100000 --coupons 1000000 [--now 2025-06-01T12:00:00Z] [--password scale1234]`:
// migrations, then that many merchants, stores and coupons (see scale-data.ts) in the database of
// DATABASE_URL (else PGlite in DATA_DIR). For load and scale tests; never in production.
const USAGE =
  'Usage: seed:scale --stores <n> --coupons <n, at most 10 per store> [--now <ISO date-time, default: the clock>] [--password <at least 6 characters>]';
const { values } = parseArgs({
  options: {
    stores: { type: 'string', default: '1000' },
    coupons: { type: 'string', default: '5000' },
    now: { type: 'string' },
    password: { type: 'string', default: 'scale1234' },
  },
});
const now = values.now === undefined ? systemClock.now() : new Date(values.now);
const stores = Number(values.stores);
const coupons = Number(values.coupons);
if (
  Number.isNaN(now.getTime()) ||
  !Number.isInteger(stores) ||
  !Number.isInteger(coupons) ||
  values.password.length < 6
) {
  console.error(USAGE);
  process.exit(1);
}
const env = loadEnvOrExit();
if (env.isProduction) {
  console.error('seed:scale writes made-up merchants and never runs in production');
  process.exit(1);
}
const database = openDatabase(
  env.databaseUrl ? { url: env.databaseUrl } : { dataDir: join(env.dataDir, 'pglite') },
);
try {
  const started = performance.now();
  await database.migrate();
  const summary = await generateScaleData(database.db, {
    stores,
    coupons,
    now,
    password: values.password,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const line = (counts: Record<string | number, number>) =>
    Object.entries(counts)
      .map(([key, count]) => `${key} ${count}`)
      .join(', ');
  console.log(
    `Added ${stores} stores and ${coupons} coupons to ${database.kind} in ${seconds} s (now: ${now.toISOString()})`,
  );
  console.log(`  stores:  ${line(summary.stores)}`);
  console.log(`  brands:  ${line(summary.clients)}`);
  console.log(`  coupons: ${line(summary.coupons)}`);
  console.log(`  steps (ms): ${line(summary.timings)}`);
  console.log(
    `  every merchant signs in as merchant<n>@scale.<brand domain> with the password ${values.password}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
