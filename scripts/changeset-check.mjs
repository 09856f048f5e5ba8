// CI's check that no package changes without a changeset (docs/releasing.md, "CI: no package
// change without a changeset"): which `changeset status --since=<base>` to run, or why not.
import { spawnSync } from 'node:child_process';

/**
 * @param {string} root
 * @param {string[]} args
 */
function git(root, args) {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/**
 * The base to compare with: CHANGESET_BASE when the CI job names one; origin/main for a
 * branch that is not on it; else the commit before HEAD (main itself: the commit under test
 * carries the changeset of its own change).
 * @param {string} root
 * @param {NodeJS.ProcessEnv} env
 */
function base(root, env) {
  if (env.CHANGESET_BASE) return env.CHANGESET_BASE;
  const main = git(root, ['rev-parse', '--verify', '--quiet', 'origin/main']);
  if (main && git(root, ['merge-base', '--is-ancestor', 'HEAD', 'origin/main']) === undefined)
    return 'origin/main';
  return git(root, ['rev-parse', '--verify', '--quiet', 'HEAD~1']) ? 'HEAD~1' : undefined;
}

/**
 * `{ args }` for `pnpm` to run the check, or `{ skip }` saying why it does not run here.
 * @param {string} root
 * @returns {{ args: string[] } | { skip: string }}
 */
export function changesetCheck(root, env = process.env) {
  if (!env.CI) return { skip: 'checked in CI only (CI is not set)' };
  const since = base(root, env);
  if (!since)
    return {
      skip: 'no base commit in this checkout (a shallow clone?); fetch with depth 2 or more',
    };
  // `changeset version` deletes the changesets it consumes: a version commit adds none.
  const consumed = git(root, [
    'diff',
    '--name-only',
    '--diff-filter=D',
    since,
    '--',
    '.changeset/*.md',
  ]);
  if (consumed) return { skip: `a version commit since ${since} (it consumed changesets)` };
  return { args: ['exec', 'changeset', 'status', `--since=${since}`] };
}
