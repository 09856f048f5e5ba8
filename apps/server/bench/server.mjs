// What both benches share: the built server (dist/server.js) as a child process, as
// `npm start` runs it, the PostgreSQL they make scratch databases on, and a browser's headers.
import { spawn } from 'node:child_process';
import { Secret, TOTP } from 'otpauth';
import { supportedNode } from '@cc/node-lts';

export const serverRoot = new URL('..', import.meta.url).pathname;
export const pgUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
/** What Chromium sends when it follows a link to a page. */
export const BROWSER = {
  accept: 'text/html,application/xhtml+xml',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

/**
 * Starts the server with `env` on `port` (the API) and the three ports after it (the brands),
 * node `flags` first; resolves once it has seeded and listens.
 * @param {{ env: Record<string, string>, port: number, flags?: string[] }} options
 */
export async function startServer({ env, port, flags = [] }) {
  const child = spawn(supportedNode(), [...flags, 'dist/server.js'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      PORT_UK: String(port + 1),
      PORT_US_PROMO: String(port + 2),
      PORT_US_DISCOUNT: String(port + 3),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('Demo logins') && resolve(undefined));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

/**
 * Stops a server startServer started and waits for it to exit.
 * @param {import('node:child_process').ChildProcess} child
 */
export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The middle value (the upper one of an even count): what a bench reports over its rounds. */
export const median = (/** @type {number[]} */ values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The seeded staff admin of the demo data, signed in as the console does it (two-step sign-in, enrolled at the first). */
export const DEMO_STAFF = { email: 'staff@couponcenter.local', password: 'staff1234' };

/**
 * A staff member's token: the password, then the second step, enrolling an authenticator app
 * at the first sign-in (RFC 6238 code of the secret it shows). A member already enrolled needs
 * the secret, which a bench never has, so each bench signs in once per database.
 * @param {string} base the server's address
 * @returns {Promise<string>}
 */
export async function staffSignIn(base, { email, password } = DEMO_STAFF) {
  const post = async (/** @type {string} */ path, /** @type {object} */ body) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`POST ${path} (${email}): ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { challenge, setup } = await post('/api/v1/auth/email-login/', {
    email,
    password,
    siteId: 7,
    accepts_second_factor: true,
  });
  if (!setup)
    throw new Error(`staff sign-in ${email}: no authenticator app to enrol (already enrolled?)`);
  const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
  return (await post('/api/v1/auth/second-factor/', { challenge, code })).token;
}
