import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../src/core/platform/settings';
import {
  envExample,
  REGENERATE,
  settingsTable,
  TABLE_END,
  TABLE_START,
  withSettingsTable,
} from '../src/core/platform/settings/docs';

const SERVER = resolve(import.meta.dirname, '..');
const README = resolve(SERVER, 'README.md');
const ENV_EXAMPLE = resolve(SERVER, '..', '..', '.env.example');

describe('the settings schema is the one description of the settings', () => {
  it("matches the README's settings table", () => {
    const readme = readFileSync(README, 'utf8');
    const written = readme.slice(
      readme.indexOf(TABLE_START),
      readme.indexOf(TABLE_END) + TABLE_END.length,
    );
    expect(
      written,
      `apps/server/README.md's settings table differs from src/core/platform/settings: run \`${REGENERATE}\``,
    ).toBe(settingsTable());
    expect(withSettingsTable(readme)).toBe(readme);
  });

  it("matches the repository's .env.example", () => {
    expect(
      readFileSync(ENV_EXAMPLE, 'utf8'),
      `.env.example differs from src/core/platform/settings: run \`${REGENERATE}\``,
    ).toBe(envExample());
  });

  it('lists every setting once, leaves secrets empty in .env.example and names their _FILE', () => {
    const names = SETTINGS.flatMap((setting) => setting.names);
    expect(new Set(names).size).toBe(names.length);
    const example = envExample();
    for (const setting of SETTINGS) {
      for (const name of setting.names) {
        expect(example, name).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
        if (setting.secret) {
          expect(example, name).toMatch(new RegExp(`^(# )?${name}=$`, 'm'));
          expect(settingsTable(), name).toContain(`\`${name}_FILE\``);
        }
      }
    }
  });

  it('marks what production requires: the database, the secrets, each brand’s origin and sender', () => {
    const example = envExample();
    for (const name of [
      'DATABASE_URL',
      'JWT_SECRET',
      'SMTP_URL',
      'METRICS_TOKEN',
      'ORIGIN_UK',
      'ORIGIN_US_PROMO',
      'MAIL_FROM_US_DISCOUNT',
    ]) {
      expect(example, name).toMatch(new RegExp(`^${name}=$`, 'm'));
    }
    expect(example).toMatch(/^# PORT=4000$/m);
  });
});
