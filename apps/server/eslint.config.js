import { config } from '@cc/eslint-config';

export default [
  ...config({ tsconfigRootDir: import.meta.dirname }),
  { ignores: ['bench/**', 'build.mjs'] },
  {
    // Fastify plugins, hooks and handlers are async by contract even when they do not await.
    rules: { '@typescript-eslint/require-await': 'off' },
  },
];
