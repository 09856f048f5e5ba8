/**
 * The Node.js line the server is built and tested for: the LTS line of the images and of
 * `npm test` (tooling/node-lts). Its runtime dependencies ask for Node 22 or later already, so an
 * older Node is refused at the start instead of failing later on a request.
 */
export const MINIMUM_NODE_MAJOR = 24;

/** Why this Node cannot run the server (one line), or undefined when it can. */
export function unsupportedNode(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (major >= MINIMUM_NODE_MAJOR) return undefined;
  return `Node.js ${version} is not supported: the server runs on Node.js ${String(MINIMUM_NODE_MAJOR)} or later (node_modules/@cc/node-lts has one; docs/operations.md)`;
}
