import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { config } from '@cc/eslint-config';

/** Every folder under src/features, so a new feature is fenced in as soon as it exists. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Layers, as in apps/review: src/app composes the features (providers, router, the
 * store's construction); a feature uses src/lib (typed store hooks, brand context,
 * session), never another feature nor the app; src/lib uses neither features nor the app.
 * Tests and stories are harnesses that render the whole app, like src/app, so the
 * fence leaves them (and the src/test helpers) out.
 */
const layers = {
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.stories.tsx', 'src/**/story-*.{ts,tsx}', 'src/test/**'],
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
            message: 'Features do not import each other: compose them in src/app, or move the shared piece down to src/lib.',
          })),
          { target: './src/features', from: './src/app', message: 'Features do not import the app: the app imports them.' },
          {
            target: './src/lib',
            from: ['./src/features', './src/app'],
            message: 'src/lib is the lower layer: it imports neither features nor the app.',
          },
        ],
      },
    ],
  },
};

export default [...config({ tsconfigRootDir: import.meta.dirname, react: true }), layers];
