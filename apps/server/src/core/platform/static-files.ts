import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_IDS, getClientConfig, type ClientId } from '@cc/config';

/** Where the files this instance serves come from. */
export type StaticFiles = {
  /** Each served brand's build (index.html, app.html, assets/), answered on its port. */
  brandDist: Partial<Record<ClientId, string>>;
  /** The staff console's build, under /review on every port. */
  reviewDist: string;
  /** Each brand's logo (an SVG file) in the store pages' header; a brand without one shows its name. */
  brandLogos: Partial<Record<ClientId, string>>;
};

/**
 * apps/server whether running from src/ (tsx, vitest) or the bundled dist/ (esbuild keeps
 * import.meta.url as the bundle's own address); the artifact's root in a release: the
 * nearest folder up from this module with a package.json.
 */
function serverRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder)
      throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    folder = parent;
  }
  return folder;
}
export const SERVER_ROOT = serverRoot();
const SOURCE_TREE = resolve(SERVER_ROOT, '..', '..');
/** The repository around apps/server, or undefined when running from a release artifact. */
export const REPO_ROOT = existsSync(join(SOURCE_TREE, 'pnpm-workspace.yaml'))
  ? SOURCE_TREE
  : undefined;

/** The files a source tree serves: each brand's and the staff console's dist/, the brands' src/assets/logo.svg. */
export function sourceTreeStaticFiles(repoRoot: string): StaticFiles {
  const files: StaticFiles = {
    brandDist: {},
    reviewDist: join(repoRoot, 'apps', 'review', 'dist'),
    brandLogos: {},
  };
  for (const id of CLIENT_IDS) {
    const app = join(repoRoot, 'apps', getClientConfig(id).key);
    files.brandDist[id] = join(app, 'dist');
    files.brandLogos[id] = join(app, 'src', 'assets', 'logo.svg');
  }
  return files;
}

/**
 * The files a release artifact (scripts/release.mjs) carries beside dist/: the staff
 * console in review/, the logos in brand-logos/. Brand builds are artifacts of their own.
 */
export function releaseStaticFiles(): StaticFiles {
  const brandLogos: StaticFiles['brandLogos'] = {};
  for (const id of CLIENT_IDS)
    brandLogos[id] = join(SERVER_ROOT, 'brand-logos', `${getClientConfig(id).key}.svg`);
  return { brandDist: {}, reviewDist: join(SERVER_ROOT, 'review'), brandLogos };
}
