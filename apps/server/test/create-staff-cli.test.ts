import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'cc-create-staff-'));

/** Runs `create-staff` as an operator does (tsx on the source), on an embedded database of its own. */
function createStaff(...args: string[]) {
  const result = spawnSync(join(SERVER, 'node_modules', '.bin', 'tsx'), ['src/cli/create-staff.ts', ...args], {
    cwd: SERVER,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, JWT_SECRET: 'a-secret-long-enough-for-the-cli-test-run' },
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe('create-staff command', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints its usage for --help and -h and exits 0', () => {
    for (const flag of ['--help', '-h']) {
      const run = createStaff(flag);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^Usage: create-staff --email <email> --password <at least 6 characters> \[--client 7\|8\|10\]/);
      expect(run.stderr).toBe('');
    }
  });

  it('refuses an unknown option with its name and the usage, exit 2, without a stack trace', () => {
    const run = createStaff('--email', 'a@b.co', '--passwrod=staff-secret-9');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("Unknown option '--passwrod'");
    expect(run.stderr).toContain('Usage: create-staff');
    expect(run.stderr).not.toContain('staff-secret-9');
    noStackTrace(run.stderr);
    const stray = createStaff('--email', 'a@b.co', '--password', 'staff', 'secret');
    expect(stray.status).toBe(2);
    expect(stray.stderr).not.toContain('secret');
    noStackTrace(stray.stderr);
  });

  it('still asks for an email and a long enough password (usage, exit 1)', () => {
    const run = createStaff('--email', 'a@b.co', '--password', 'short');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Usage: create-staff');
    expect(run.stderr).not.toContain('short');
  });

  it('creates a staff user, then leaves their password alone, and never prints it', () => {
    const created = createStaff('--email', 'lead@couponcenter.test', '--password', 'staff-secret-9');
    expect(created.stderr).toBe('');
    expect(created.stdout.trim()).toBe('Created staff user lead@couponcenter.test');
    const again = createStaff('--email', 'lead@couponcenter.test', '--password', 'another-secret-9');
    expect(again.stdout.trim()).toBe('Made lead@couponcenter.test staff (password unchanged)');
    expect(`${created.stdout}${again.stdout}`).not.toMatch(/staff-secret-9|another-secret-9/);
  });
});
