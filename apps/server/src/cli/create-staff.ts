import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isClientId, PASSWORD_MIN_LENGTH } from '@cc/config';
import { openDatabase } from '../core/db';
import { loadEnvOrExit } from '../core/env';
import { createStaff } from '../seed';

const USAGE = `Usage: create-staff --email <email> --password <at least ${String(PASSWORD_MIN_LENGTH)} characters> [--client 7|8|10]

Creates a staff user for the review console, or makes an existing user of that brand staff
(their password unchanged). The database is DATABASE_URL's, else the embedded one in DATA_DIR.

Options:
  --email <email>        the staff user's sign-in email
  --password <password>  their password (never printed)
  --client <id>          the brand they sign in on: 7 (default), 8 or 10
  -h, --help             this text`;

/** The command's options, or how it ends: usage on stdout (exit 0) for --help, on stderr (exit 2) for a bad option. */
function options(): { email?: string | undefined; password?: string | undefined; client: string } {
  try {
    const { values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        client: { type: 'string', default: '7' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    return values;
  } catch (error) {
    // parseArgs names the bad option; a stray argument is not repeated (it may be part of a password).
    const code = (error as { code?: string }).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS_')) throw error;
    const reason =
      code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
        ? 'create-staff takes only options (quote a password that has spaces)'
        : ((error as Error).message.split('\n')[0] ?? '');
    console.error(`${reason}\n\n${USAGE}`);
    process.exit(2);
  }
}

// `pnpm --filter @cc/server create-staff --email a@b.c --password secret [--client 7]`
const values = options();
const client = Number(values.client);
if (!values.email || !values.password || values.password.length < PASSWORD_MIN_LENGTH || !isClientId(client)) {
  console.error(USAGE);
  process.exit(1);
}
const env = loadEnvOrExit();
const database = openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: join(env.dataDir, 'pglite') });
await database.migrate();
const created = await createStaff(database.db, { email: values.email, password: values.password, client });
console.log(created ? `Created staff user ${values.email}` : `Made ${values.email} staff (password unchanged)`);
await database.close();
