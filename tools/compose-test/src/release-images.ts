import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Podman } from '@cc/release/podman';

export const REPO = resolve(import.meta.dirname, '..', '..', '..');
export const COMPOSE_FILE = join(REPO, 'deploy', 'compose.yaml');

/** The release's server version, from its image archive's name (`server-<version>.oci.tar`). */
export function releaseVersion(dir: string): string {
  const archive = readdirSync(dir).find((name) => /^server-.+\.oci\.tar$/.test(name));
  if (!archive)
    throw new Error(
      `No server-<version>.oci.tar in ${dir}: run pnpm release (without --no-images)`,
    );
  return archive.slice('server-'.length, -'.oci.tar'.length);
}

/** Loads every image archive of the release into podman (`podman load`); answers the image names and the seconds taken. */
export function loadImages(engine: Podman, dir: string): { loaded: string[]; seconds: number } {
  const started = Date.now();
  const loaded: string[] = [];
  for (const archive of readdirSync(dir)
    .filter((name) => name.endsWith('.oci.tar'))
    .sort()) {
    const output = engine.run(['load', '--quiet', '--input', join(dir, archive)]);
    loaded.push(
      ...output
        .split('\n')
        .flatMap((line) => /Loaded image(?:\(s\))?: (.+)$/.exec(line)?.[1]?.split(',') ?? [])
        .map((name) => name.trim()),
    );
  }
  return { loaded, seconds: (Date.now() - started) / 1000 };
}
