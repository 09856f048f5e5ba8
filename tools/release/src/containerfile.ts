import { IMAGE_USER } from './rootfs';

/** What an image is, for its Containerfile: labels, settings, how it starts and how it is checked. */
export type ImageDefinition = {
  /** `coupon-center/server`: the image name (under localhost/) and, with the version, its tag. */
  name: string;
  /** `server-3.2.7`: the archive's name in release/ (`.oci.tar`), and its SBOM's (`.oci.cdx.json`). */
  archive: string;
  version: string;
  title: string;
  description: string;
  licenses: string;
  env: Record<string, string>;
  workdir: string;
  entrypoint: string[];
  ports: number[];
  /** The healthcheck's command (exec form); its exit status is the answer. */
  healthcheck: string[];
  /** Folders the image user owns (data, run files): the context's `writable/` tree. */
  writable: string[];
};

/** Where the images come from, for their labels. */
export type ImageOrigin = { revision: string | null; source: string; created: string };

const quoted = (value: string) => JSON.stringify(value);

/**
 * The Containerfile of one image: FROM scratch, the root filesystem and the artifact's files
 * in `rootfs/` (owned by root, read-only to the image user), the folders the user writes in
 * `writable/`, then the OCI labels, settings, user, healthcheck and entry point. The OCI image
 * configuration has no healthcheck field, so `podman save --format oci-archive` drops the
 * HEALTHCHECK; deploy/compose.yaml declares the same command for each service.
 */
export function containerfile(image: ImageDefinition, origin: ImageOrigin): string {
  const { uid, gid } = IMAGE_USER;
  const labels: Record<string, string> = {
    'org.opencontainers.image.title': image.title,
    'org.opencontainers.image.description': image.description,
    'org.opencontainers.image.version': image.version,
    'org.opencontainers.image.revision': origin.revision ?? 'unknown',
    'org.opencontainers.image.source': origin.source,
    'org.opencontainers.image.licenses': image.licenses,
    'org.opencontainers.image.created': origin.created,
  };
  return [
    'FROM scratch',
    'COPY rootfs/ /',
    `COPY --chown=${uid}:${gid} writable/ /`,
    ...Object.entries({ PATH: '/usr/local/bin:/usr/bin:/usr/sbin', ...image.env }).map(
      ([name, value]) => `ENV ${name}=${quoted(value)}`,
    ),
    ...Object.entries(labels).map(([name, value]) => `LABEL ${name}=${quoted(value)}`),
    `USER ${uid}:${gid}`,
    `WORKDIR ${image.workdir}`,
    ...image.ports.map((port) => `EXPOSE ${port}`),
    `HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ${JSON.stringify(image.healthcheck)}`,
    `ENTRYPOINT ${JSON.stringify(image.entrypoint)}`,
    '',
  ].join('\n');
}

/** A healthcheck that asks `path` on the loopback `port` with Node's own fetch: 200 is healthy. */
export function nodeHealthcheck(portExpression: string, path: string): string[] {
  const script = `fetch('http://127.0.0.1:'+(${portExpression})+'${path}',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))`;
  return ['node', '-e', script];
}
