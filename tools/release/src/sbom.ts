import { createHash } from 'node:crypto';

/** The parts of a CycloneDX document (JSON) that vary between two runs over the same lockfile. */
export type CycloneDx = {
  serialNumber?: string;
  metadata?: { timestamp?: string };
  components?: Array<{ 'bom-ref'?: string }>;
  dependencies?: Array<{ ref: string; dependsOn?: string[] }>;
};

const byRef = (a: { 'bom-ref'?: string; ref?: string }, b: { 'bom-ref'?: string; ref?: string }) =>
  (a['bom-ref'] ?? a.ref ?? '').localeCompare(b['bom-ref'] ?? b.ref ?? '');

/**
 * The same SBOM, the same bytes on every run: components and dependencies sorted, the
 * timestamp the build's, and the serial number a UUID made from the content's SHA-256.
 */
export function reproducibleBom<T extends CycloneDx>(bom: T, builtAt: Date): T {
  const sorted: T = {
    ...bom,
    metadata: { ...bom.metadata, timestamp: builtAt.toISOString() },
    components: [...(bom.components ?? [])].sort(byRef),
    dependencies: [...(bom.dependencies ?? [])]
      .map((dependency) => ({ ...dependency, dependsOn: [...(dependency.dependsOn ?? [])].sort() }))
      .sort(byRef),
  };
  delete sorted.serialNumber;
  const hex = createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return { ...sorted, serialNumber: `urn:uuid:${uuid}` };
}
