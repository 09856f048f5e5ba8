import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { currentCode } from '../../apps/server/src/second-factor/totp';

/**
 * Staff sign in with two-step sign-in: the seeded staff user's first sign-in on a server
 * enrols an authenticator app, every later one needs its code. Journeys run in several
 * workers, so the app's secret (and the last time step used: a code works once) is kept in
 * a file per server, and one sign-in at a time takes it (a lock directory).
 */

/** The staff user the development server seeds (apps/server/src/seed.ts). */
export const STAFF = { email: 'staff@couponcenter.local', password: 'staff1234' };

const STEP_MS = 30_000;
type State = { secret: string; lastStep: number };

/** A staff member's sign-in details. */
export type StaffLogin = { email: string; password: string };

/** Where one staff member's app is kept for one server: a file per server port and address. */
const stateFile = (apiOrigin: string, email = STAFF.email) =>
  join(tmpdir(), `cc-e2e-staff-${new URL(apiOrigin).port}-${email.replace(/[^\w.-]/g, '_')}.json`);

async function withLock<T>(apiOrigin: string, email: string, work: () => Promise<T>): Promise<T> {
  const lock = `${stateFile(apiOrigin, email)}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a worker that died is taken after two minutes.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function readState(apiOrigin: string, email: string): State | null {
  try {
    return JSON.parse(readFileSync(stateFile(apiOrigin, email), 'utf8')) as State;
  } catch {
    return null;
  }
}

/** A code of the app not used yet: waits for the next time step when this one's was. */
async function freshCode(apiOrigin: string, email: string, secret: string): Promise<string> {
  const last = readState(apiOrigin, email)?.lastStep ?? -1;
  while (Math.floor(Date.now() / STEP_MS) <= last)
    await new Promise((resolve) => setTimeout(resolve, 500));
  const step = Math.floor(Date.now() / STEP_MS);
  writeFileSync(
    stateFile(apiOrigin, email),
    JSON.stringify({ secret, lastStep: step } satisfies State),
  );
  return currentCode(secret, new Date(step * STEP_MS + 1_000));
}

/** The seeded staff member's access token through the API, enrolling their app on a server that has none yet. */
export async function staffTokenByApi(
  request: APIRequestContext,
  apiOrigin: string,
): Promise<string> {
  return withLock(apiOrigin, STAFF.email, async () => {
    const login = await request.post(`${apiOrigin}/api/v1/auth/email-login/`, {
      data: { ...STAFF, siteId: 7, accepts_second_factor: true },
    });
    expect(login.status(), await login.text()).toBe(200);
    const challenge = (await login.json()) as {
      second_factor: string;
      challenge: string;
      setup?: { secret: string };
    };
    const secret = challenge.setup?.secret ?? readState(apiOrigin, STAFF.email)?.secret ?? '';
    if (challenge.setup)
      writeFileSync(
        stateFile(apiOrigin, STAFF.email),
        JSON.stringify({ secret, lastStep: -1 } satisfies State),
      );
    const answered = await request.post(`${apiOrigin}/api/v1/auth/second-factor/`, {
      data: {
        challenge: challenge.challenge,
        code: await freshCode(apiOrigin, STAFF.email, secret),
      },
    });
    expect(answered.status(), await answered.text()).toBe(200);
    return ((await answered.json()) as { token: string }).token;
  });
}

/** The second step's screens, as a sign-in passes them. */
export type SecondStepScreen = 'enrolment' | 'recovery-codes' | 'code-challenge';

/**
 * Signs a staff member (the seeded one unless told) in to the console at `reviewUrl` (on `apiOrigin`'s server): the
 * password, then the enrolment of the app (its key read off the screen, the recovery codes
 * seen) or its code. `onScreen` runs as each screen of the second step shows, before it is
 * answered (for its screenshots). Answers the app's secret.
 */
export async function signInToConsole(
  page: Page,
  reviewUrl: string,
  apiOrigin: string,
  { email, password }: StaffLogin = STAFF,
  onScreen: (screen: SecondStepScreen) => Promise<void> = () => Promise.resolve(),
): Promise<string> {
  return withLock(apiOrigin, email, async () => {
    await page.goto(reviewUrl);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    const key = page.getByLabel('Key for your authenticator app');
    const code = page.getByLabel('Code', { exact: true });
    await expect(key.or(code).first()).toBeVisible();
    let secret = readState(apiOrigin, email)?.secret ?? '';
    if (await key.isVisible()) {
      secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
      writeFileSync(
        stateFile(apiOrigin, email),
        JSON.stringify({ secret, lastStep: -1 } satisfies State),
      );
      await onScreen('enrolment');
      await code.fill(await freshCode(apiOrigin, email, secret));
      await page.getByRole('button', { name: 'CONFIRM' }).click();
      await expect(
        page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
      ).toHaveCount(10);
      await onScreen('recovery-codes');
      await page.getByRole('button', { name: 'I have saved them: open the console' }).click();
    } else {
      await onScreen('code-challenge');
      await code.fill(await freshCode(apiOrigin, email, secret));
      await page.getByRole('button', { name: 'VERIFY' }).click();
    }
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    return secret;
  });
}
