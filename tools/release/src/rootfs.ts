import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { run } from './archive';

/** The user every image runs as: not root, the same ids in every image (volumes keep them). */
export const IMAGE_USER = { uid: 10001, gid: 10001, name: 'app' };

/** A Debian package an image carries files of, for its SBOM. */
export type DebianPackage = { name: string; version: string };

/**
 * A root filesystem for a `FROM scratch` image, in a folder: executables copied from this
 * machine (or from Debian packages unpacked into a cache) with exactly the shared libraries
 * `ldd` lists for them, laid out merged-/usr like Debian (/bin, /lib, /lib64 link into /usr).
 */
export function rootFs(dir: string) {
  const copied = new Set<string>();
  /** Host files copied in (for `dpkg -S`), and packages named directly (unpacked .debs). */
  const hostFiles = new Set<string>();
  const packages = new Map<string, DebianPackage>();
  mkdirSync(join(dir, 'usr', 'bin'), { recursive: true });
  mkdirSync(join(dir, 'usr', 'lib'), { recursive: true });
  mkdirSync(join(dir, 'usr', 'lib64'), { recursive: true });
  mkdirSync(join(dir, 'usr', 'sbin'), { recursive: true });
  for (const [link, target] of [
    ['bin', 'usr/bin'],
    ['sbin', 'usr/sbin'],
    ['lib', 'usr/lib'],
    ['lib64', 'usr/lib64'],
  ] as const) {
    symlinkSync(target, join(dir, link));
  }
  for (const folder of ['etc', 'tmp', 'home/app'])
    mkdirSync(join(dir, folder), { recursive: true });
  chmodSync(join(dir, 'tmp'), 0o1777);

  /** /lib/x → /usr/lib/x: where a path lands once /bin, /lib and /lib64 are links into /usr. */
  const merged = (path: string) => path.replace(/^\/(bin|sbin|lib|lib64)\//, '/usr/$1/');

  const place = (source: string, target: string) => {
    const destination = join(dir, merged(target));
    if (copied.has(destination)) return;
    copied.add(destination);
    mkdirSync(dirname(destination), { recursive: true });
    copyFileSync(realpathSync(source), destination);
    chmodSync(destination, 0o755);
  };

  const fs = {
    dir,
    /** The shared libraries `file` needs, copied to the paths `ldd` resolves them at. */
    libraries(file: string, options: { skipUnder?: string } = {}) {
      const output = run('ldd', [file], { quiet: true });
      for (const line of output.split('\n')) {
        if (line.includes('not found'))
          throw new Error(`${file} needs ${line.trim()}, which this machine does not have`);
        const match = /=>\s*(\/\S+)/.exec(line) ?? /^\s*(\/\S+)\s+\(/.exec(line);
        const library = match?.[1];
        if (!library || (options.skipUnder && library.startsWith(options.skipUnder))) continue;
        hostFiles.add(library);
        place(library, library);
      }
      return fs;
    },
    /** An executable at `target` (default: where it is here) and its libraries. */
    executable(source: string, target = source) {
      if (!source.startsWith('/tmp/') && !source.includes('/node_modules/.cache/'))
        hostFiles.add(source);
      place(source, target);
      return fs.libraries(source);
    },
    /** A folder copied in whole (symlinks kept as they are). */
    tree(source: string, target: string, filter?: (path: string) => boolean) {
      hostFiles.add(source);
      cpSync(source, join(dir, merged(target)), {
        recursive: true,
        verbatimSymlinks: true,
        ...(filter ? { filter } : {}),
      });
      return fs;
    },
    file(target: string, content: string, mode = 0o644) {
      const destination = join(dir, target);
      mkdirSync(dirname(destination), { recursive: true });
      writeFileSync(destination, content, { mode });
      return fs;
    },
    /** Busybox (static) as /bin/sh and a few applets: shell scripts, healthchecks (wget, nc). */
    busybox(binary: string, version: DebianPackage) {
      place(binary, '/usr/bin/busybox');
      for (const applet of ['sh', 'wget', 'nc', 'cat', 'ls', 'mkdir', 'grep', 'sleep'])
        symlinkSync('busybox', join(dir, 'usr', 'bin', applet));
      packages.set(version.name, version);
      return fs;
    },
    /** Records a package the files come from without `dpkg -S` (an unpacked .deb). */
    package(found: DebianPackage) {
      packages.set(found.name, found);
      return fs;
    },
    /** /etc/passwd, /etc/group, /etc/hosts, /etc/nsswitch.conf: the image user and loopback names. */
    etc() {
      const { uid, gid, name } = IMAGE_USER;
      fs.file(
        'etc/passwd',
        `root:x:0:0:root:/root:/sbin/nologin\n${name}:x:${uid}:${gid}:${name}:/home/app:/sbin/nologin\n`,
      );
      fs.file('etc/group', `root:x:0:\n${name}:x:${gid}:\n`);
      fs.file('etc/hosts', '127.0.0.1 localhost\n::1 localhost\n');
      fs.file('etc/nsswitch.conf', 'passwd: files\ngroup: files\nhosts: files dns\n');
      return fs;
    },
    /** The Debian packages owning the copied host files (and those named directly), for the SBOM. */
    debianPackages(): DebianPackage[] {
      // One dpkg call for every file (each call reads dpkg's whole database).
      const paths = [...new Set([...hostFiles].flatMap((file) => [file, realpathOrSelf(file)]))];
      const owners = spawnSync('dpkg', ['-S', ...paths], {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      }).stdout;
      const names = new Set<string>();
      for (const line of owners.split('\n')) {
        if (line.startsWith('diversion') || !line.includes(': /')) continue;
        for (const name of line.slice(0, line.indexOf(': /')).split(', ')) names.add(name.trim());
      }
      if (names.size > 0) {
        const query = spawnSync('dpkg-query', ['-W', '-f', '${Package} ${Version}\n', ...names], {
          encoding: 'utf8',
        }).stdout;
        for (const line of query.split('\n')) {
          const [name, version] = line.split(' ');
          if (name && version && !packages.has(name)) packages.set(name, { name, version });
        }
      }
      return [...packages.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
  };
  return fs;
}
export type RootFs = ReturnType<typeof rootFs>;

function realpathOrSelf(path: string): string {
  try {
    return existsSync(path) ? realpathSync(path) : path;
  } catch {
    return path;
  }
}
