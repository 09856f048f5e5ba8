import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const DEPLOY = resolve(import.meta.dirname, '../../../deploy');
const PROMTOOL = '/usr/bin/promtool';

/** Debian's prometheus package brings promtool; installed here when missing (npm test installs it first). */
function ensurePromtool(): void {
  if (existsSync(PROMTOOL)) return;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execFileSync('sh', ['-c', `${sudo}apt-get install -y -qq --no-install-recommends prometheus`], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

describe('the shipped Prometheus alert rules and Grafana dashboard', () => {
  beforeAll(ensurePromtool, 300_000);

  it('are valid rules, and each alert fires on its series after its wait and not before (promtool test rules)', () => {
    const check = spawnSync(PROMTOOL, ['check', 'rules', 'prometheus/alerts.yaml'], {
      cwd: DEPLOY,
      encoding: 'utf8',
    });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('SUCCESS: 9 rules found');
    const run = spawnSync(PROMTOOL, ['test', 'rules', 'prometheus/alerts.test.yaml'], {
      cwd: DEPLOY,
      encoding: 'utf8',
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    // Every alert of the file has a test of its own.
    const alerts = [
      ...readFileSync(`${DEPLOY}/prometheus/alerts.yaml`, 'utf8').matchAll(/- alert: (\w+)/g),
    ].map((m) => m[1]);
    const tested = readFileSync(`${DEPLOY}/prometheus/alerts.test.yaml`, 'utf8');
    for (const alert of alerts) expect(tested, alert).toContain(`alertname: ${alert}`);
  });

  it('has a dashboard whose every panel asks Prometheus a query about this service', () => {
    const dashboard = JSON.parse(readFileSync(`${DEPLOY}/grafana/coupon-center.json`, 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(9);
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets)
        expect(target.expr, panel.title).toContain('job="coupon-center"');
    }
  });
});
