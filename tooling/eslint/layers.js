import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

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
  const features = readdirSync(join(root, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const lowerPaths = lower.map((folder) => `./src/${folder}`);
  const lowerNames = lower.map((folder) => `src/${folder}`).join(', ');
  return {
    files: ['src/**/*.{ts,tsx}'],
    ignores,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
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
        },
      ],
    },
  };
}
