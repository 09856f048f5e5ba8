import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { config } from '@cc/eslint-config';

/** Every folder under src/features, so a new feature is fenced in as soon as it exists. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Layers, after bulletproof-react: src/app composes the features; a feature uses
 * src/lib and src/components, never another feature nor the app; src/lib and
 * src/components use neither features nor the app.
 */
const layers = {
  files: ['src/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: import.meta.dirname,
        zones: [
          ...features.map((feature) => ({
            target: `./src/features/${feature}`,
            from: './src/features',
            except: [`./${feature}`],
            message: 'Features do not import each other: compose them in src/app, or move the shared piece down to src/lib or src/components.',
          })),
          { target: './src/features', from: './src/app', message: 'Features do not import the app: the app imports them.' },
          {
            target: ['./src/lib', './src/components'],
            from: ['./src/features', './src/app'],
            message: 'src/lib and src/components are the lower layer: they import neither features nor the app.',
          },
        ],
      },
    ],
  },
};

export default [...config({ tsconfigRootDir: import.meta.dirname, react: true }), layers];
