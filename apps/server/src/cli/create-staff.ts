import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { STAFF_INVITATION_TTL_MS } from '@cc/config';
import { auditDirectory } from '../account/audit-directory';
import { auditService } from '../audit/service';
import { invitationLink } from '../auth/staff-mail';
import { staffInvitations } from '../auth/staff-invitations';
import { systemClock } from '../core/platform/clock';
import { openDatabase } from '../core/data/db';
import { loadEnvOrExit } from '../core/platform/env';
import { ValidationFailed } from '../core/http/errors';

const USAGE = `Usage: create-staff --email <email> [--password-stdin]

Makes the first admin of the staff console, once: it is refused when an admin exists (admins
invite everyone else from the console's Staff screen). By default it prints a one-time
invitation link, valid ${String(STAFF_INVITATION_TTL_MS / 3_600_000)} hours, to the console's page where that person sets their
password. The database is DATABASE_URL's, else the embedded one in DATA_DIR; the link is on
API_ORIGIN (default http://localhost:PORT).

Options:
  --email <email>     the admin's sign-in email
  --password-stdin    create the account now, with the password read from standard input
                      (its first line), instead of printing a link
  -h, --help          this text

A password is never taken as an argument: it would stay in the shell's history.`;

type Options = { email?: string | undefined; 'password-stdin'?: boolean | undefined };

/** Ends the command with one line on stderr. */
function fail(line: string, code = 1): never {
  console.error(line);
  process.exit(code);
}

/** The command's options, or how it ends: usage on stdout (exit 0) for --help, on stderr (exit 2) for a bad option. */
function options(): Options {
  // Said before anything else, and never echoed: a password given as an argument.
  if (process.argv.slice(2).some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    fail(
      `create-staff never takes a password as an argument: pipe it to --password-stdin\n\n${USAGE}`,
      2,
    );
  }
  try {
    const { values } = parseArgs({
      options: {
        email: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    return values;
  } catch (error) {
    // parseArgs names the bad option; a stray argument is not repeated (it may be a password).
    const code = (error as { code?: string }).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS_')) throw error;
    const reason =
      code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
        ? 'create-staff takes only options'
        : ((error as Error).message.split('\n')[0] ?? '');
    return fail(`${reason}\n\n${USAGE}`, 2);
  }
}

/** The first line of standard input, without its line ending. */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (input is shown; prefer a pipe): ');
  return (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
}

/** A refused email or password: its field's first message, on one line. */
function refusal(error: ValidationFailed): string {
  const [field, messages] = Object.entries(error.fields)[0] ?? ['', []];
  return `${field}: ${messages[0] ?? 'refused'}`;
}

// `pnpm --filter @cc/server create-staff --email a@b.c [--password-stdin]`
const values = options();
if (!values.email) fail(USAGE, 1);
const password = values['password-stdin'] ? await passwordFromStdin() : undefined;
const env = loadEnvOrExit();
const database = openDatabase(
  env.databaseUrl ? { url: env.databaseUrl } : { dataDir: join(env.dataDir, 'pglite') },
);
await database.migrate();
const clock = systemClock;
const invitations = staffInvitations({
  db: database.db,
  clock,
  audit: auditService({ db: database.db, clock, directory: auditDirectory }),
});
/** A refusal, said in one line. */
class Refused extends Error {}

/** What the command did, in one line or two. */
async function run(email: string): Promise<string> {
  if (await invitations.hasAdmin())
    throw new Refused(
      'An admin exists already: an admin invites more staff from the console (Staff).',
    );
  if (password !== undefined) {
    await invitations.createFirstAdmin(email, password);
    return `Created the first admin, ${email.trim().toLowerCase()}`;
  }
  const { token } = await database.db.transaction((tx) =>
    invitations.issue({ email, role: 'admin', inviter: null }, tx),
  );
  const hours = String(STAFF_INVITATION_TTL_MS / 3_600_000);
  return `Invitation for the first admin (one use, valid ${hours} hours):\n${invitationLink(env.apiOrigin, token)}`;
}

try {
  console.log(await run(values.email));
} catch (error) {
  const refused =
    error instanceof ValidationFailed
      ? refusal(error)
      : error instanceof Refused
        ? error.message
        : undefined;
  if (refused === undefined) throw error;
  console.error(refused);
  process.exitCode = 1;
} finally {
  await database.close();
}
