import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { envExample, withSettingsTable } from '../core/platform/settings/docs';
import { REPO_ROOT, SERVER_ROOT } from '../core/platform/static-files';

// `pnpm --filter @cc/server settings:docs`: writes the README's settings table and the
// repository's .env.example from the settings schema (src/core/platform/settings). A test fails
// while either differs from what this would write.
if (!REPO_ROOT) {
  console.error('settings:docs runs in the source tree, not a release artifact');
  process.exit(1);
}
const readme = join(SERVER_ROOT, 'README.md');
writeFileSync(readme, withSettingsTable(readFileSync(readme, 'utf8')));
writeFileSync(join(REPO_ROOT, '.env.example'), envExample());
console.log(`Wrote ${readme} and ${join(REPO_ROOT, '.env.example')}`);
