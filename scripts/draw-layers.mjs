// @ts-check
// `pnpm draw:layers`: draws the layers of the code from its imports into docs/architecture.md
// (between the `layers:*` markers): the workspace packages by the `@cc/*` packages their
// source imports, and the server's features and core/ folders by the modules they import.
// Configuration files (*.config.*) are left out too. Each part stands on the lowest layer above everything it imports; each arrow points down
// to what a part imports directly, without the arrows another path already implies.
// `--check` writes nothing and fails when the drawing in the document is not the code's.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const DOCUMENT = join(ROOT, 'docs', 'architecture.md');
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const NOT_SOURCE = /((\.test|\.stories|\.d)\.(ts|tsx|mjs|js)|\.config\.(ts|mjs|js))$/;

/**
 * Every source file under `dir` (tests, stories and declarations left out: what they import
 * is not the product's structure).
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(
      (name) =>
        SOURCE.test(name) && !NOT_SOURCE.test(name) && !name.split(sep).includes('node_modules'),
    )
    .map((name) => join(dir, name));
}

/**
 * The module names `file` imports (static, type-only, dynamic and re-exports alike).
 * @param {string} file
 * @returns {string[]}
 */
function importsOf(file) {
  return ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((entry) => entry.fileName);
}

/**
 * The parts of a graph in layers: a part with no arrow is on layer 0, any other one above the
 * highest part it imports. Throws on a circle, which the lint forbids.
 * @param {Map<string, Set<string>>} graph part -> the parts it imports
 * @returns {string[][]} the layers, lowest first, each sorted
 */
function layersOf(graph) {
  /** @type {Map<string, number>} */
  const level = new Map();
  /** @type {Set<string>} */
  const visiting = new Set();
  /** @param {string} part @returns {number} */
  const levelOf = (part) => {
    const known = level.get(part);
    if (known !== undefined) return known;
    if (visiting.has(part)) throw new Error(`an import circle through ${part}`);
    visiting.add(part);
    const below = [...(graph.get(part) ?? [])].map(levelOf);
    const mine = below.length === 0 ? 0 : Math.max(...below) + 1;
    visiting.delete(part);
    level.set(part, mine);
    return mine;
  };
  for (const part of graph.keys()) levelOf(part);
  /** @type {string[][]} */
  const layers = [];
  for (const [part, index] of level) (layers[index] ??= []).push(part);
  return layers.map((layer) => layer.sort());
}

/**
 * The arrows no other path implies (the transitive reduction of an acyclic graph).
 * @param {Map<string, Set<string>>} graph
 * @returns {Map<string, string[]>}
 */
function directArrows(graph) {
  /** @param {string} from @param {string} to @param {string} skip @returns {boolean} */
  const reachesWithout = (from, to, skip) => {
    const seen = new Set();
    const stack = [...(graph.get(from) ?? [])].filter((next) => next !== skip);
    while (stack.length > 0) {
      const part = /** @type {string} */ (stack.pop());
      if (part === to) return true;
      if (seen.has(part)) continue;
      seen.add(part);
      stack.push(...(graph.get(part) ?? []));
    }
    return false;
  };
  return new Map(
    [...graph].map(([part, targets]) => [
      part,
      [...targets].filter((to) => !reachesWithout(part, to, to)).sort(),
    ]),
  );
}

/**
 * A drawing of `graph`: one line per layer, the highest first, each part with the parts it
 * stands on directly.
 * @param {Map<string, Set<string>>} graph
 * @returns {string}
 */
function draw(graph) {
  const arrows = directArrows(graph);
  const layers = layersOf(graph);
  const width = Math.max(...[...graph.keys()].map((part) => part.length));
  const lines = [];
  for (const [index, layer] of [...layers.entries()].reverse()) {
    lines.push(`layer ${String(index)}`);
    for (const part of layer) {
      const below = arrows.get(part) ?? [];
      lines.push(
        `  ${part.padEnd(width)}${below.length > 0 ? `  -> ${below.join(', ')}` : ''}`.trimEnd(),
      );
    }
  }
  return lines.join('\n');
}

/** The workspace packages (apps/*, packages/*, tools/*, tooling/*) by the `@cc/*` packages they import. */
function packageGraph() {
  /** @type {Map<string, Set<string>>} */
  const graph = new Map();
  /** @type {Map<string, string>} package name -> folder */
  const folders = new Map();
  for (const group of ['apps', 'packages', 'tools', 'tooling']) {
    for (const name of readdirSync(join(ROOT, group))) {
      const manifest = join(ROOT, group, name, 'package.json');
      // A folder without a package.json is no package.
      if (existsSync(manifest))
        folders.set(JSON.parse(readFileSync(manifest, 'utf8')).name, `${group}/${name}`);
    }
  }
  for (const [name, folder] of folders) {
    const imported = new Set();
    for (const file of sourceFiles(join(ROOT, folder))) {
      for (const specifier of importsOf(file)) {
        const imports = /^@cc\/[^/]+/.exec(specifier)?.[0];
        const target = imports === undefined || imports === name ? undefined : folders.get(imports);
        if (target) imported.add(target);
      }
    }
    graph.set(folder, imported);
  }
  return graph;
}

/**
 * The server's features and core/ folders by the modules they import; app.ts, server.ts and
 * the composers (demo/, cli/, seed.ts) put them together and are left out.
 */
function serverGraph() {
  const src = join(ROOT, 'apps', 'server', 'src');
  /** @param {string} file @returns {string | null} */
  const partOf = (file) => {
    const [top, second] = relative(src, file).split(sep);
    if (top === undefined || second === undefined) return null;
    if (top === 'core') return second.includes('.') ? 'core' : `core/${second}`;
    if (top === 'demo' || top === 'cli') return null;
    return top;
  };
  /** @type {Map<string, Set<string>>} */
  const graph = new Map();
  for (const file of sourceFiles(src)) {
    const part = partOf(file);
    if (!part) continue;
    const imported = graph.get(part) ?? new Set();
    graph.set(part, imported);
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = partOf(resolve(dirname(file), specifier));
      if (target && target !== part) imported.add(target);
    }
  }
  return graph;
}

const DRAWINGS = {
  packages: {
    title: 'the workspace packages, by the @cc packages their source imports',
    graph: packageGraph,
  },
  server: {
    title: 'apps/server/src: its features and core/ folders, by the modules they import',
    graph: serverGraph,
  },
};

const { values } = parseArgs({ options: { check: { type: 'boolean' } } });
let document = readFileSync(DOCUMENT, 'utf8');
const before = document;
for (const [key, { title, graph }] of Object.entries(DRAWINGS)) {
  const start = `<!-- layers:${key}:start -->`;
  const end = `<!-- layers:${key}:end -->`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from) {
    console.error(`docs/architecture.md has no ${start} ... ${end} markers`);
    process.exit(1);
  }
  const drawing = `${start}\n\`\`\`\n# ${title} (pnpm draw:layers)\n${draw(graph())}\n\`\`\`\n`;
  document = document.slice(0, from) + drawing + document.slice(to);
}
if (values.check) {
  if (document !== before) {
    console.error(
      "The layers drawn in docs/architecture.md are not the code's: run pnpm draw:layers and commit the document.",
    );
    process.exit(1);
  }
  console.log("The layers drawn in docs/architecture.md are the code's.");
} else if (document !== before) {
  writeFileSync(DOCUMENT, document);
  console.log('docs/architecture.md: the layers drawn again from the imports.');
} else console.log("docs/architecture.md: the layers drawn are already the code's.");
