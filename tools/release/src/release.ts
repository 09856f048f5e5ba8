// `pnpm release`: builds the apps (turbo, cached) and writes release/ (see artifacts.ts and
// docs/releasing.md): one static artifact per brand, the self-contained server, the static
// Storybook, a CycloneDX SBOM per brand and server, and SHA256SUMS over them all.
// `--out <dir>` writes elsewhere; `--no-build` packs what the last build left; the OCI images
// (images.ts) follow the artifacts unless `--no-images`.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CLIENT_IDS, getClientConfig, type ClientId } from '@cc/config';
import { contentHashes, packFolder, run, writeChecksums } from './archive';
import { reproducibleBom, type CycloneDx } from './sbom';
import {
  brandArtifact,
  brandPackages,
  MANIFEST,
  packageJson,
  serverArtifact,
  storybookArtifact,
  type Manifest,
} from './artifacts';
import { SOURCE_DATE_EPOCH } from './env';
import { serverLauncher } from './launcher';
import { writeImages } from './images';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    out: { type: 'string' },
    'no-build': { type: 'boolean' },
    'no-images': { type: 'boolean' },
  },
});
const out = resolve(values.out ?? join(ROOT, 'release'));

/** The commit the artifacts come from, and its time: every archive entry carries it, so rebuilds match. */
function source(): { commit: string | null; dirty: boolean; epoch: number } {
  try {
    const commit = run('git', ['rev-parse', 'HEAD'], { cwd: ROOT, quiet: true }).trim();
    const dirty = run('git', ['status', '--porcelain'], { cwd: ROOT, quiet: true }).trim() !== '';
    const epoch = Number(
      SOURCE_DATE_EPOCH ?? run('git', ['log', '-1', '--format=%ct'], { cwd: ROOT, quiet: true }),
    );
    return { commit, dirty, epoch };
  } catch {
    return { commit: null, dirty: true, epoch: Math.floor(Date.now() / 1000) };
  }
}

function required(file: string, why: string): string {
  if (!existsSync(file)) throw new Error(`${file} is missing: ${why}`);
  return file;
}

const origin = source();
const stage = mkdtempSync(join(tmpdir(), 'cc-release-'));

/** Writes the manifest of the staged `artifact` folder, then packs it into out/. */
async function seal(
  artifact: string,
  fields: Pick<Manifest, 'package' | 'version'> & Partial<Manifest>,
  hashed: string[],
) {
  const folder = join(stage, artifact);
  const manifest: Manifest = {
    artifact,
    ...fields,
    source: { commit: origin.commit, dirty: origin.dirty },
    builtAt: new Date(origin.epoch * 1000).toISOString(),
    files: await contentHashes(folder, hashed),
  };
  writeFileSync(join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  packFolder({
    parent: stage,
    name: artifact,
    file: join(out, `${artifact}.tar.gz`),
    epoch: origin.epoch,
  });
  return `${artifact}.tar.gz`;
}

/**
 * A CycloneDX SBOM of a package's production dependencies (pnpm's own `sbom`, offline from
 * the lockfile), made reproducible: components in order, dated at the build time, its serial
 * number derived from its content.
 */
function sbom(packageName: string, artifact: string): string {
  const file = `${artifact}.cdx.json`;
  const args = [
    '--filter',
    packageName,
    'sbom',
    '--sbom-format',
    'cyclonedx',
    '--sbom-type',
    'application',
    '--prod',
  ];
  const bom = JSON.parse(run('pnpm', args, { cwd: ROOT, quiet: true })) as CycloneDx;
  writeFileSync(
    join(out, file),
    `${JSON.stringify(reproducibleBom(bom, new Date(origin.epoch * 1000)), null, 2)}\n`,
  );
  return file;
}

/** `<brand>-<version>/`: the brand's build in dist/, its CHANGELOG.md, its manifest. */
async function brand(client: ClientId, folder: string): Promise<string[]> {
  const pkg = packageJson(folder);
  const artifact = brandArtifact(client, pkg.version);
  const target = join(stage, artifact);
  required(join(folder, 'dist', 'index.html'), 'build it with pnpm build');
  cpSync(join(folder, 'dist'), join(target, 'dist'), { recursive: true });
  cpSync(
    required(join(folder, 'CHANGELOG.md'), 'changesets write it (docs/releasing.md)'),
    join(target, 'CHANGELOG.md'),
  );
  const fields = {
    package: pkg.name,
    version: pkg.version,
    clientId: client,
    brand: getClientConfig(client).key,
  };
  return [await seal(artifact, fields, ['dist', 'CHANGELOG.md']), sbom(pkg.name, artifact)];
}

/**
 * `server-<version>/`: apps/server deployed with its production dependencies for linux-x64
 * (`pnpm deploy --prod`: dist/, drizzle/, package.json, node_modules/), the staff console in
 * review/, the brands' logos in brand-logos/, and server.js to start it with `node server.js`.
 */
async function server(): Promise<string[]> {
  const folder = join(ROOT, 'apps', 'server');
  const pkg = packageJson(folder);
  required(join(folder, 'dist', 'server.js'), 'build it with pnpm build');
  const artifact = serverArtifact(pkg.version);
  const target = join(stage, artifact);
  const platform = ['--os=linux', '--cpu=x64', '--libc=glibc'];
  run('pnpm', ['--filter', pkg.name, 'deploy', '--prod', '--prefer-offline', ...platform, target], {
    cwd: ROOT,
    quiet: true,
  });
  // pnpm's own bookkeeping (install times), which nothing at run time reads.
  for (const file of [
    'pnpm-workspace.yaml',
    'node_modules/.modules.yaml',
    'node_modules/.pnpm-workspace-state-v1.json',
  ]) {
    rmSync(join(target, file), { force: true });
  }
  writeFileSync(join(target, 'server.js'), serverLauncher(pkg.version));
  required(join(ROOT, 'apps', 'review', 'dist', 'index.html'), 'build it with pnpm build');
  cpSync(join(ROOT, 'apps', 'review', 'dist'), join(target, 'review'), { recursive: true });
  mkdirSync(join(target, 'brand-logos'));
  for (const id of CLIENT_IDS) {
    const key = getClientConfig(id).key;
    cpSync(
      join(ROOT, 'apps', key, 'src', 'assets', 'logo.svg'),
      join(target, 'brand-logos', `${key}.svg`),
    );
  }
  const hashed = [
    'dist',
    'drizzle',
    'review',
    'brand-logos',
    'server.js',
    'package.json',
    'pnpm-lock.yaml',
    'README.md',
  ];
  return [
    await seal(artifact, { package: pkg.name, version: pkg.version }, hashed),
    sbom(pkg.name, artifact),
  ];
}

/** `storybook-<version>/`: the UI kit's static Storybook, for designers; the version is @cc/ui's. */
async function storybook(): Promise<string[]> {
  const folder = join(ROOT, 'packages', 'ui');
  const pkg = packageJson(folder);
  const artifact = storybookArtifact(pkg.version);
  required(join(folder, 'storybook-static', 'index.html'), 'build it with pnpm build');
  cpSync(join(folder, 'storybook-static'), join(stage, artifact, 'storybook'), { recursive: true });
  return [await seal(artifact, { package: pkg.name, version: pkg.version }, ['storybook'])];
}

try {
  if (!values['no-build'])
    run('pnpm', ['exec', 'turbo', 'run', 'build', 'build:storybook', '--output-logs=errors-only'], {
      cwd: ROOT,
    });
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const names: string[] = [];
  for (const [id, folder] of Object.entries(brandPackages(ROOT)))
    names.push(...(await brand(Number(id) as ClientId, folder)));
  names.push(...(await server()), ...(await storybook()));
  await writeChecksums(out, names);
  console.log(
    `release: ${names.length} artifacts and SHA256SUMS in ${out}${origin.dirty ? ' (from a tree with uncommitted changes)' : ''}`,
  );
  for (const name of names) console.log(`  ${name}`);
  if (!values['no-images']) {
    for (const image of await writeImages({
      root: ROOT,
      out,
      commit: origin.commit,
      epoch: origin.epoch,
    })) {
      console.log(
        `  ${image.archive} (${(image.bytes / 1e6).toFixed(1)} MB, built in ${image.seconds.toFixed(1)} s)`,
      );
    }
  }
} finally {
  rmSync(stage, { recursive: true, force: true });
}
