// @ts-check
// A dependency two or more workspace packages (the root included) install takes its version
// from the pnpm catalog (`catalog:` in pnpm-workspace.yaml), so one line there moves it for
// every package. Prints one line per package that pins such a dependency itself and exits 1
// when there is one. Peer dependencies are not counted: they are the range a package accepts,
// not a version that is installed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const KINDS = /** @type {const} */ (['dependencies', 'devDependencies', 'optionalDependencies']);

/** @typedef {Partial<Record<(typeof KINDS)[number], Record<string, string>>>} Manifest */

/** The workspace's package folders, from the `packages:` globs of pnpm-workspace.yaml (`dir/*`). */
function workspaceFolders() {
  const workspace = readFileSync(`${root}pnpm-workspace.yaml`, 'utf8');
  const globs = workspace.match(/^packages:\n((?:\s+- .+\n)+)/m)?.[1] ?? '';
  const folders = ['.'];
  for (const [, glob = ''] of globs.matchAll(/- (\S+)/g)) {
    const parent = glob.replace(/\/\*$/, '');
    for (const entry of readdirSync(`${root}${parent}`, { withFileTypes: true })) {
      const folder = `${parent}/${entry.name}`;
      if (entry.isDirectory() && existsSync(`${root}${folder}/package.json`)) folders.push(folder);
    }
  }
  return folders;
}

/** @typedef {{ manifest: string, version: string }} Use */

/**
 * Each installed dependency's name, with every package.json declaring it and its version there.
 * @type {Map<string, Use[]>}
 */
const uses = new Map();
for (const folder of workspaceFolders()) {
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(`${root}${folder}/package.json`, 'utf8'));
  const path = folder === '.' ? 'package.json' : `${folder}/package.json`;
  for (const kind of KINDS) {
    for (const [name, version] of Object.entries(manifest[kind] ?? {})) {
      const declared = uses.get(name) ?? [];
      declared.push({ manifest: path, version });
      uses.set(name, declared);
    }
  }
}

const offenders = [];
for (const [name, declared] of uses) {
  if (declared.length < 2) continue;
  for (const { manifest, version } of declared) {
    if (version.startsWith('catalog:') || version.startsWith('workspace:')) continue;
    const others = declared.filter((use) => use.manifest !== manifest).map((use) => use.manifest);
    offenders.push(
      `${manifest}: ${name} ${version} (also in ${others.join(', ')}): use "catalog:"`,
    );
  }
}
for (const line of offenders) console.log(line);
console.log(`${uses.size} dependencies, ${offenders.length} pinned outside the catalog`);
process.exit(offenders.length === 0 ? 0 : 1);
