import { config } from '@cc/eslint-config';
import { layers } from '@cc/eslint-config/layers';

/**
 * Tests and stories are harnesses that render the whole app, like src/app, so the
 * layer fence leaves them (and the src/testing helpers) out.
 */
export default [
  ...config({ tsconfigRootDir: import.meta.dirname, react: true }),
  layers({
    root: import.meta.dirname,
    lower: ['lib'],
    ignores: [
      'src/**/*.test.{ts,tsx}',
      'src/**/*.stories.tsx',
      'src/**/story-*.{ts,tsx}',
      'src/testing/**',
    ],
  }),
];
