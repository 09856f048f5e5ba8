// Every repository path a document names in backticks (`apps/…`, `packages/…`, `e2e/…`, …)
// must exist, so a moved or renamed file cannot leave README.md or docs/ pointing at
// nothing. Paths git ignores (data written at run time, such as apps/server/.data) are
// allowed. Prints each dangling path and exits 1 when there is one.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PATH = /`((?:apps|packages|tooling|tools|e2e|scripts|docs)\/[\w.\-/[\]]+?)[`:#( ]/g;

/** @param {string} path */
function isIgnored(path) {
  try {
    // A folder pattern (`.data/`) matches only what lies inside the folder.
    execFileSync('git', ['check-ignore', '--quiet', '--no-index', `${path}/x`], { cwd: root });
    return true;
  } catch {
    return false;
  }
}

const documents = [
  'README.md',
  ...readdirSync(`${root}docs`)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const dangling = [];
for (const document of documents) {
  for (const [, named = ''] of readFileSync(`${root}${document}`, 'utf8').matchAll(PATH)) {
    const path = named.replace(/\/$/, '');
    if (!existsSync(`${root}${path}`) && !isIgnored(path)) dangling.push(`${document}: ${path}`);
  }
}
for (const line of dangling) console.log(line);
console.log(`${documents.length} documents, ${dangling.length} dangling paths`);
process.exit(dangling.length === 0 ? 0 : 1);
