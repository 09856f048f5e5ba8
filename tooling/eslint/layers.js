import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/** @typedef {{ target: string | string[], from: string | string[], except?: string[], message: string }} Zone */

/**
 * The flat-config entry of one `import-x/no-restricted-paths` fence over src/.
 * @param {{ root: string, ignores?: string[], zones: Zone[] }} options
 */
function fence({ root, ignores = [], zones }) {
  return {
    files: ['src/**/*.{ts,tsx}'],
    ignores,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // The modules import-x reads to follow imports further (import-x/no-cycle): TypeScript's too.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  };
}

/** The folders directly under `folder`. */
/** @param {string} folder */
function folders(folder) {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * Layers, after bulletproof-react: src/app composes the features; a feature uses the
 * lower layer (`lower`, e.g. src/lib and src/components), never another feature nor
 * the app; the lower layer uses neither features nor the app. Every folder under
 * src/features is fenced in as soon as it exists.
 * @param {{ root: string, lower: string[], ignores?: string[] }} options
 *   root: the package folder (`import.meta.dirname` of its eslint.config.js);
 *   lower: the lower layer's folders under src; ignores: files the fence leaves out.
 */
export function layers({ root, lower, ignores = [] }) {
  const features = folders(join(root, 'src/features'));
  const lowerPaths = lower.map((folder) => `./src/${folder}`);
  const lowerNames = lower.map((folder) => `src/${folder}`).join(', ');
  return fence({
    root,
    ignores,
    zones: [
      ...features.map((feature) => ({
        target: `./src/features/${feature}`,
        from: './src/features',
        except: [`./${feature}`],
        message: `Features do not import each other: compose them in src/app, or move the shared piece down to the lower layer (${lowerNames}).`,
      })),
      {
        target: './src/features',
        from: './src/app',
        message: 'Features do not import the app: the app imports them.',
      },
      {
        target: lowerPaths,
        from: ['./src/features', './src/app'],
        message: `The lower layer (${lowerNames}) imports neither features nor the app.`,
      },
    ],
  });
}

/** Shared bags of every feature's repositories or services, removed: nothing may bring one back. */
const REMOVED_BAGS = ['app-repositories', 'app-services', 'service-deps'];

/** A module path that names a repository or a schema (tables): `./repository`, `../coupons/feedback-repository`, `./schema`. */
const TABLES_MODULE = '/(repository|schema)$/';

/**
 * A server's feature modules, after fastify/demo: every folder under src is a feature
 * that owns its tables (schema.ts), its queries (repository.ts), its service and its routes,
 * and whose plugin (index.ts) builds them and decorates the app with the service, except
 * `core` (the shared pieces) and the `composers` (seeding and command-line tools, which,
 * like src/app.ts, put features together).
 *
 * The features stand in one order, `order`, from the lowest up: a feature imports only
 * features below it (and core), never one above it, so a listener or a hook is how a lower
 * feature hears from a higher one. A folder under src that is in neither `order` nor the
 * composers stops the lint until it is given its place. No module imports itself back
 * through others (`import-x/no-cycle`).
 *
 * A feature reaches another through its service's exported functions and types: never its
 * repository, its routes or its plugin, and only a repository (or a schema, for a foreign
 * key) names another feature's tables, to join them in one statement. No file re-exports a
 * repository or a schema (a way round the fence), and nothing imports or decorates a shared
 * bag of repositories or services (`app.repos`, `app.services`). Core imports no feature.
 * Every file under src is fenced, tests beside the code included (tests under test/ build
 * their own repositories).
 * @param {{ root: string, order: string[], core?: string, composers?: string[] }} options
 */
export function serverModules({ root, order, core = 'core', composers = [] }) {
  const present = folders(join(root, 'src')).filter(
    (name) => name !== core && !composers.includes(name),
  );
  const unplaced = present.filter((name) => !order.includes(name));
  if (unplaced.length > 0)
    throw new Error(
      `src/${unplaced.join(', src/')}: give each feature its place in the order of features (eslint.config.js).`,
    );
  const features = order.filter((name) => present.includes(name));
  const others = (/** @type {string} */ feature) => features.filter((other) => other !== feature);
  const above = (/** @type {string} */ feature) => features.slice(features.indexOf(feature) + 1);
  const files = (/** @type {string} */ feature, /** @type {string[]} */ names) =>
    names.map((name) => `./src/${feature}/**/${name}.{ts,tsx}`);
  const modules = fence({
    root,
    zones: [
      ...features
        .filter((feature) => above(feature).length > 0)
        .map((feature) => ({
          target: `./src/${feature}`,
          from: above(feature).map((other) => `./src/${other}`),
          message: `Features import only the features below them (${features.join(' < ')}): src/${feature} stands below this one. Move the shared piece down, or let the higher feature call in (a listener, an option).`,
        })),
      ...features.map((feature) => ({
        target: `./src/${feature}`,
        from: others(feature).flatMap((other) =>
          files(other, ['repository', '*-repository', 'routes', '*-routes', 'index']),
        ),
        message: `A feature reaches another through its service (app.<feature>), never its repository, routes or plugin (src/${feature}).`,
      })),
      // A schema may name another feature's key in a foreign key; nothing else touches its tables.
      ...features.map((feature) => ({
        target: `./src/${feature}/**/!(schema).{ts,tsx}`,
        from: others(feature).flatMap((other) => files(other, ['schema'])),
        message: `Another feature's tables are its own (src/${feature}): read them in SQL through the views it publishes (its read-model.ts), else through its service.`,
      })),
      {
        target: `./src/${core}`,
        from: [...features, ...composers].map((name) => `./src/${name}`),
        message: `src/${core} is shared by every feature and imports none of them.`,
      },
    ],
  });
  const bags = {
    patterns: [
      {
        group: REMOVED_BAGS.map((name) => `**/${name}`),
        message:
          "The shared repositories and services are gone: use the feature's service (app.stores, app.billing, ...); shared deps are in core/data/deps.ts.",
      },
    ],
  };
  return [
    {
      ...modules,
      rules: {
        ...modules.rules,
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        'no-restricted-imports': ['error', bags],
        'no-restricted-syntax': [
          'error',
          {
            selector: `ExportNamedDeclaration[exportKind='value'][source.value=${TABLES_MODULE}], ExportAllDeclaration[source.value=${TABLES_MODULE}]`,
            message:
              'A repository or schema is not re-exported: other features reach this one through its service.',
          },
          {
            selector:
              "CallExpression[callee.property.name='decorate'][arguments.0.value=/^(repos|services)$/]",
            message:
              'No shared bag of repositories or services: each feature decorates its own service.',
          },
        ],
      },
    },
    { files: ['test/**/*.ts'], rules: { 'no-restricted-imports': ['error', bags] } },
  ];
}
