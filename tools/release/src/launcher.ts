/**
 * The release artifact's server.js: `node server.js` starts the bundled server (dist/server.js,
 * which finds its migrations in drizzle/ and its version in package.json beside it), configured
 * by environment variables alone.
 */
export function serverLauncher(version: string): string {
  return `// Coupon Center server ${version}. Start with \`node server.js\`; every setting is an
// environment variable (README.md beside this file lists them; docs/releasing.md in the
// repository shows a deployment). Needs Node.js ^20.19 or >=22.12 on linux-x64.
process.setSourceMapsEnabled(true);
await import('./dist/server.js');
`;
}
