import { join } from 'node:path';
import { openDatabase } from '../core/data/db';
import { loadEnvOrExit } from '../core/platform/env';
import { seed } from '../seed';

// `pnpm --filter @cc/server seed`: migrations plus the demo users and their live demo stores, without starting the server.
const env = loadEnvOrExit();
if (!env.seed) {
  console.error('The demo seed never runs in production; create staff with create-staff');
  process.exit(1);
}
const database = openDatabase(
  env.databaseUrl ? { url: env.databaseUrl } : { dataDir: join(env.dataDir, 'pglite') },
);
await database.migrate();
const demoStores = {
  brandOrigins: env.brandOrigins,
  localBilling: env.billing.provider === 'local',
};
for (const login of await seed(database.db, { ...env.seed, demoStores })) {
  console.log(
    `${login.created ? 'created' : 'exists '}  ${login.client}  ${login.email}${login.storeUrl ? `  ${login.storeUrl}` : ''}`,
  );
}
await database.close();
