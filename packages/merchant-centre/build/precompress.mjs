// Brotli and gzip copies of a build's text files, written beside them (app.js.br, app.js.gz),
// so the server sends them as they are (@fastify/static preCompressed) instead of
// compressing every response. Both encoders are deterministic: a build stays reproducible.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.map',
  '.xml',
  '.webmanifest',
]);

/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 256;

/**
 * Writes `<file>.br` and `<file>.gz` for every text file under `folder` that compression makes smaller.
 * @param {string} folder
 */
export function precompressFolder(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      precompressFolder(path);
      continue;
    }
    if (!TEXT.has(extname(entry.name)) || statSync(path).size < MIN_BYTES) continue;
    const source = readFileSync(path);
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
    const gzip = gzipSync(source, { level: 9 });
    if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
  }
}

/**
 * A Vite plugin that precompresses the output folder once every other plugin has written
 * to it (`closeBundle`, last and on its own).
 * @returns {import('vite').Plugin}
 */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'cc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: { order: 'post', sequential: true, handler: () => precompressFolder(outDir) },
  };
}
