import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../src/core/db';

/** The migrations' files and the PGlite version: an image made from other ones is never used. */
function imageKey(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(sql|json)$/.test(file)).sort();
  for (const file of files) hash.update(file).update(readFileSync(join(folder, file)));
  hash.update(readFileSync(join(import.meta.dirname, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

const DAY_MS = 24 * 60 * 60 * 1000;

let image: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite data directory, made once per machine and version of the
 * migrations (a file in the temporary folder) and read by each test file: starting from it
 * skips PGlite's initdb and the migrations (a third of a fresh database's time on a busy
 * machine; the rest is PGlite starting).
 */
export function migratedImage(): Promise<Blob> {
  image ??= (async () => {
    const name = `cc-pglite-${imageKey()}.tar`;
    const file = join(tmpdir(), name);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const client = new PGlite();
      await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
      const dumped = await client.dumpDataDir('none');
      await client.close();
      // Written beside, then renamed: a reader in another worker sees the whole file or none.
      const partial = `${file}.${process.pid}.${Date.now()}`;
      writeFileSync(partial, Buffer.from(await dumped.arrayBuffer()));
      renameSync(partial, file);
      // Images of other migrations (another checkout's) go once nobody made one for a day.
      for (const other of readdirSync(tmpdir()).filter((entry) => /^cc-pglite-[0-9a-f]{16}\.tar$/.test(entry) && entry !== name)) {
        const path = join(tmpdir(), other);
        const made = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
        if (Date.now() - made > DAY_MS) rmSync(path, { force: true });
      }
      return dumped;
    }
  })();
  return image;
}
