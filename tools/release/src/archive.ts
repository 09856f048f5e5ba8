import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Runs a command to its end, its output shown; throws naming it when it fails. */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; quiet?: boolean } = {},
): string {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', options.quiet ? 'pipe' : 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (exit ${result.status}): ${result.stderr ?? ''}${result.stdout}`.trim(),
    );
  }
  return result.stdout;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under `dir`, as sorted forward-slash paths relative to it (symlinks not followed). */
export function listFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return files.sort();
}

/**
 * `{ "<path>": "<sha256 hex>" }` for each of `parts` of `dir` (files, or folders: every file
 * under them), paths relative to `dir`: the content hashes of a manifest.
 */
export async function contentHashes(dir: string, parts: string[]): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const part of parts) {
    const path = join(dir, part);
    const files = statSync(path).isDirectory()
      ? listFiles(path).map((file) => `${part}/${file}`)
      : [part];
    for (const file of files) hashes[file] = await sha256File(join(dir, file));
  }
  return hashes;
}

/**
 * Packs `parent/name` into `file` (a .tar.gz whose one top folder is `name`). Entries are
 * sorted, owned by 0:0 and dated `epoch` (the release commit's time), and gzip records no
 * name or time, so the same tree gives the same bytes and the same checksum.
 */
export function packFolder(options: {
  parent: string;
  name: string;
  file: string;
  epoch: number;
}): void {
  const tar = [
    '--sort=name',
    `--mtime=@${options.epoch}`,
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    '--use-compress-program=gzip -n',
  ];
  run('tar', [...tar, '-cf', options.file, '-C', options.parent, options.name]);
}

/** Unpacks a .tar.gz into `into` (which must exist). */
export function unpack(file: string, into: string): void {
  run('tar', ['-xzf', file, '-C', into]);
}

export const CHECKSUMS = 'SHA256SUMS';

/** Writes SHA256SUMS for `names` in `dir`, in the format `sha256sum -c` reads. */
export async function writeChecksums(dir: string, names: string[]): Promise<void> {
  const lines: string[] = [];
  for (const name of [...names].sort()) lines.push(`${await sha256File(join(dir, name))}  ${name}`);
  writeFileSync(join(dir, CHECKSUMS), `${lines.join('\n')}\n`);
}

/** SHA256SUMS read back: each artifact's name and its expected hash. */
export function readChecksums(dir: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of readFileSync(join(dir, CHECKSUMS), 'utf8').split('\n')) {
    const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
    if (match?.[1] && match[2]) sums.set(match[2], match[1]);
  }
  return sums;
}
