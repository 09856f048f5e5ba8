import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_IDS, getClientConfig, type ClientId } from '@cc/config';
import { CHECKSUMS, readChecksums, sha256File, unpack } from './archive';

/**
 * What release/ holds (docs/releasing.md):
 *   <brand>-<version>.tar.gz   <brand>-<version>/{dist/, CHANGELOG.md, manifest.json}, one per brand
 *   server-<version>.tar.gz    server-<version>/{server.js, dist/, drizzle/, review/, brand-logos/,
 *                              node_modules/ (production, linux-x64), package.json, manifest.json}
 *   storybook-<version>.tar.gz storybook-<version>/{the static Storybook, manifest.json}
 *   <artifact>.cdx.json        a CycloneDX SBOM of the brand or server artifact
 *   SHA256SUMS                 every file above, for `sha256sum -c SHA256SUMS`
 */
export type Manifest = {
  /** The artifact's top folder and file name, without .tar.gz: `vouchernest-3.2.7`. */
  artifact: string;
  /** The workspace package it is built from, and that package's version. */
  package: string;
  version: string;
  /** Brand artifacts: the client id the build injects, and the brand's key. */
  clientId?: ClientId;
  brand?: string;
  /** The commit it was built from; dirty when the tree had uncommitted changes. */
  source: { commit: string | null; dirty: boolean };
  /** The build time every archive entry carries (the commit's time). */
  builtAt: string;
  /** SHA-256 (hex) of each file of the artifact, by its path inside the top folder (node_modules aside). */
  files: Record<string, string>;
};

export const MANIFEST = 'manifest.json';

/** A brand artifact's name: the brand's name in lower case and its version, `vouchernest-3.2.7`. */
export const brandArtifact = (client: ClientId, version: string) =>
  `${getClientConfig(client).appName.toLowerCase()}-${version}`;
export const serverArtifact = (version: string) => `server-${version}`;
export const storybookArtifact = (version: string) => `storybook-${version}`;

/** The brand packages by client id: apps/<key>, whose version names the artifact. */
export const brandPackages = (root: string): Record<ClientId, string> =>
  Object.fromEntries(
    CLIENT_IDS.map((id) => [id, join(root, 'apps', getClientConfig(id).key)]),
  ) as Record<ClientId, string>;

export function packageJson(folder: string): { name: string; version: string } {
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
}

export function readManifest(folder: string): Manifest {
  return JSON.parse(readFileSync(join(folder, MANIFEST), 'utf8')) as Manifest;
}

/**
 * A release folder whose SHA256SUMS match its files (throws naming the first that does not),
 * and how to unpack its artifacts.
 */
export async function openRelease(dir: string) {
  if (!existsSync(join(dir, CHECKSUMS)))
    throw new Error(`${dir} holds no ${CHECKSUMS}: run pnpm release`);
  const sums = readChecksums(dir);
  for (const [name, expected] of sums) {
    const actual = await sha256File(join(dir, name));
    if (actual !== expected) throw new Error(`${name} does not match its SHA-256 in ${CHECKSUMS}`);
  }
  const names = [...sums.keys()];
  return {
    names,
    /** The artifact whose name starts with `prefix-` (`vouchernest`, `server`), without .tar.gz. */
    artifact(prefix: string): string {
      const file = names.find((name) => name.startsWith(`${prefix}-`) && name.endsWith('.tar.gz'));
      if (!file) throw new Error(`No ${prefix} artifact in ${dir}`);
      return file.slice(0, -'.tar.gz'.length);
    },
    /** Unpacks `<artifact>.tar.gz` into `into`; answers the artifact's folder there. */
    unpack(artifact: string, into: string): string {
      mkdirSync(into, { recursive: true });
      unpack(join(dir, `${artifact}.tar.gz`), into);
      return join(into, artifact);
    },
  };
}
export type Release = Awaited<ReturnType<typeof openRelease>>;
