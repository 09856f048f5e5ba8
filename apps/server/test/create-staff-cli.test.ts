import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'cc-create-staff-'));

/** Runs `create-staff` as an operator does (tsx on the source), on an embedded database of its own; `input` is its standard input. */
function createStaff(args: string[], input = '') {
  const result = spawnSync(
    join(SERVER, 'node_modules', '.bin', 'tsx'),
    ['src/cli/create-staff.ts', ...args],
    {
      cwd: SERVER,
      encoding: 'utf8',
      input,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        JWT_SECRET: 'a-secret-long-enough-for-the-cli-test-run',
        API_ORIGIN: 'https://console.example.test',
      },
      timeout: 120_000,
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at /m);

// Each run starts tsx and opens the database: few runs, each proving several things.
describe('create-staff command', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints its usage for --help and exits 0', () => {
    const run = createStaff(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: create-staff --email <email> \[--password-stdin\]\n/);
    expect(run.stdout).toContain('A password is never taken as an argument');
    expect(run.stderr).toBe('');
  });

  it('refuses a password given as an argument, and an unknown option, with exit 2 and without echoing them', () => {
    const withPassword = createStaff(['--email', 'a@b.co', '--password', 'staff-secret-9']);
    expect(withPassword.status).toBe(2);
    expect(withPassword.stderr.split('\n')[0]).toBe(
      'create-staff never takes a password as an argument: pipe it to --password-stdin',
    );
    expect(withPassword.stderr).not.toContain('staff-secret-9');
    noStackTrace(withPassword.stderr);
    const unknown = createStaff(['--email', 'a@b.co', '--passwrod=staff-secret-9']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--passwrod'");
    expect(unknown.stderr).not.toContain('staff-secret-9');
    noStackTrace(unknown.stderr);
  });

  it('prints a one-time invitation link to the console on API_ORIGIN by default', () => {
    const run = createStaff(['--email', 'Lead@CouponCenter.test']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^Invitation for the first admin \(one use, valid 72 hours\):\nhttps:\/\/console\.example\.test\/review\/accept-invitation\?token=[A-Za-z0-9_-]{43}\n$/,
    );
  });

  it('--password-stdin applies the password rules, makes the first admin, and then no other', () => {
    const common = createStaff(
      ['--email', 'first@couponcenter.test', '--password-stdin'],
      'password\n',
    );
    expect(common).toMatchObject({
      status: 1,
      stdout: '',
      stderr: 'password: This password is too common.\n',
    });
    const created = createStaff(
      ['--email', 'first@couponcenter.test', '--password-stdin'],
      'staff-secret-9\n',
    );
    expect(created).toMatchObject({
      status: 0,
      stderr: '',
      stdout: 'Created the first admin, first@couponcenter.test\n',
    });
    const second = createStaff(['--email', 'second@couponcenter.test']);
    expect(second).toMatchObject({
      status: 1,
      stdout: '',
      stderr: 'An admin exists already: an admin invites more staff from the console (Staff).\n',
    });
    expect(`${created.stdout}${created.stderr}`).not.toContain('staff-secret-9');
  });
});
