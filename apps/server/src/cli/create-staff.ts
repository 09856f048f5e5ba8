import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isClientId } from '@cc/config';
import { openDatabase } from '../core/db';
import { loadEnvOrExit } from '../core/env';
import { createStaff } from '../seed';

// `pnpm --filter @cc/server create-staff --email a@b.c --password secret [--client 7]`
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, client: { type: 'string', default: '7' } },
});
const client = Number(values.client);
if (!values.email || !values.password || values.password.length < 6 || !isClientId(client)) {
  console.error('Usage: create-staff --email <email> --password <at least 6 characters> [--client 7|8|10]');
  process.exit(1);
}
const env = loadEnvOrExit();
const database = openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: join(env.dataDir, 'pglite') });
await database.migrate();
const created = await createStaff(database.db, { email: values.email, password: values.password, client });
console.log(created ? `Created staff user ${values.email}` : `Made ${values.email} staff (password unchanged)`);
await database.close();
