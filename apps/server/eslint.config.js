import { config } from '@cc/eslint-config';
import { serverModules } from '@cc/eslint-config/layers';

export default [
  ...config({ tsconfigRootDir: import.meta.dirname }),
  { ignores: ['bench/**', 'build.mjs'] },
  {
    // Fastify plugins, hooks and handlers are async by contract even when they do not await.
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  // The features in their one order, from the platform up: each imports only those before it
  // (docs/architecture.md, "The server"). They reach each other through their services only;
  // src/core imports no feature; no shared bag of repositories or services.
  // The demo seed and the command-line tools compose every feature, like app.ts.
  ...serverModules({
    root: import.meta.dirname,
    order: [
      'audit',
      'mail',
      'auth',
      'second-factor',
      'uploads',
      'stores',
      'coupons',
      'billing',
      'public-pages',
      'review',
      'insights',
      'account',
      'lifecycle-mail',
      'account-data',
      'retention',
      'legacy',
    ],
    composers: ['demo', 'cli'],
  }),
];
