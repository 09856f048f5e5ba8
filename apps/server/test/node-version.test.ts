import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE_MAJOR, unsupportedNode } from '../src/core/platform/node-version';

const SERVER_DIR = resolve(import.meta.dirname, '..');

/** A Node on this machine older than the supported line (the machine's own, for the tooling), if any. */
function olderNode(): { path: string; version: string } | undefined {
  const found = spawnSync('which', ['-a', 'node'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean);
  for (const path of [...found, '/usr/bin/node', '/usr/local/bin/node']) {
    const version = spawnSync(path, ['--version'], { encoding: 'utf8' })
      .stdout?.trim()
      .replace(/^v/, '');
    if (version && Number(version.split('.')[0]) < MINIMUM_NODE_MAJOR) return { path, version };
  }
  return undefined;
}

describe('the supported Node', () => {
  it('refuses every Node before the LTS line in one line, and starts on it and later', () => {
    expect(unsupportedNode('20.20.2')).toBe(
      'Node.js 20.20.2 is not supported: the server runs on Node.js 24 or later (node_modules/@cc/node-lts has one; docs/operations.md)',
    );
    expect(unsupportedNode('22.12.0')).toMatch(/^Node\.js 22\.12\.0 is not supported/);
    expect(unsupportedNode('24.11.0')).toBeUndefined();
    expect(unsupportedNode('26.1.0')).toBeUndefined();
  });

  const old = olderNode();
  it.skipIf(!old)(
    `a start on an older Node (${old?.version ?? 'none on this machine'}) stops before it reads a setting`,
    () => {
      if (!old) return;
      const run = spawnSync(old.path, ['--import', 'tsx', 'src/server.ts'], {
        cwd: SERVER_DIR,
        encoding: 'utf8',
        // Production with no settings: the Node check comes first, so its line is the only one.
        env: { PATH: process.env.PATH, NODE_ENV: 'production' },
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(unsupportedNode(old.version));
      expect(run.stdout).not.toContain('Coupon Center is running');
    },
  );
});
