// `pnpm --filter @cc/compose-test site up|down [--volumes]|backup <file>|restore <file>`: loads the
// OCI images of release/ (`pnpm release`) into this machine's podman and starts deploy/compose.yaml
// as project `coupon-center` (replacing, one at a time, the containers of a release's new images:
// the upgrade), or stops it (and with `--volumes` deletes its data), or writes a dump of its
// database to a file, or puts one back. Settings: the CC_* variables deploy/compose.yaml names;
// CC_RELEASE_DIR points at another release folder; COMPOSE_PROJECT_NAME names another project.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { podman, podmanUnavailable } from '@cc/release/podman';
import { backupDatabase, restoreDatabase } from './backup';
import { composeSite } from './compose';
import { COMPOSE_FILE, loadImages, releaseVersion, REPO } from './release-images';
import { inheritedEnv, releaseDir } from './env';

const { positionals, values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  allowPositionals: true,
  options: { volumes: { type: 'boolean' } },
});
const command = positionals[0] ?? 'up';
const dir = resolve(releaseDir ?? resolve(REPO, 'release'));
const unavailable = podmanUnavailable(REPO);
if (unavailable) {
  console.error(unavailable);
  process.exit(1);
}
const engine = podman(REPO);
const version = releaseVersion(dir);
const site = composeSite({
  engine,
  file: COMPOSE_FILE,
  project: inheritedEnv.COMPOSE_PROJECT_NAME || 'coupon-center',
  env: { ...inheritedEnv, CC_VERSION: version },
});
if (command === 'up') {
  const started = Date.now();
  const { loaded } = loadImages(engine, dir);
  console.log(`Loaded ${loaded.length} images of release ${version}`);
  await site.up();
  await site.waitHealthy('proxy');
  const port = (name: string, fallback: number) => inheritedEnv[name] || String(fallback);
  console.log(`Site ready in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  console.log(`  http://localhost:${port('CC_PROXY_PORT_UK', 18007)}  VoucherNest`);
  console.log(`  http://localhost:${port('CC_PROXY_PORT_US_PROMO', 18008)}  PromoPulse`);
  console.log(`  http://localhost:${port('CC_PROXY_PORT_US_DISCOUNT', 18010)}  DiscountDen`);
  console.log(`  http://localhost:${port('CC_PROXY_PORT_API', 18000)}/review/  staff console`);
  console.log(`  http://localhost:${port('CC_MAIL_PORT', 18025)}/messages  mail the site sent`);
} else if (command === 'down') {
  site.down({ volumes: Boolean(values.volumes) });
  console.log(`Stopped ${site.project}${values.volumes ? ' and deleted its volumes' : ''}`);
} else if ((command === 'backup' || command === 'restore') && positionals[1]) {
  const file = resolve(positionals[1]);
  if (command === 'backup')
    console.log(`Wrote ${file} (${(backupDatabase(engine, site, file) / 1024).toFixed(0)} KB)`);
  else {
    try {
      await restoreDatabase(engine, site, file);
    } catch (error) {
      console.error(
        `Restore of ${file} failed, the data is as it was: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exit(1);
    }
    console.log(`Restored ${file}; the server instances are healthy again`);
  }
} else {
  console.error(
    `Unknown command "${positionals.join(' ')}": up, down [--volumes], backup <file> or restore <file>`,
  );
  process.exit(1);
}
