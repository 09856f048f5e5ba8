import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The one lint setup every package uses: type-aware TypeScript rules, type-only
 * imports, no `any`, no non-null assertions, and environment variables read only
 * in an app's `env.ts`.
 * @param {{ tsconfigRootDir: string, react?: boolean }} options
 */
export function config({ tsconfigRootDir, react = false }) {
  return tseslint.config(
    // .stryker-tmp and reports: mutation testing's working copies and reports (pnpm mutation).
    { ignores: ['dist/**', 'storybook-static/**', 'coverage/**', 'drizzle/**', '.stryker-tmp/**', 'reports/**', '**/*.js', '**/*.mjs'] },
    js.configs.recommended,
    ...tseslint.configs.recommendedTypeChecked,
    {
      languageOptions: {
        parserOptions: { projectService: true, tsconfigRootDir },
      },
      rules: {
        '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
        '@typescript-eslint/no-explicit-any': 'error',
        '@typescript-eslint/no-non-null-assertion': 'error',
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
        'no-restricted-properties': [
          'error',
          { object: 'process', property: 'env', message: 'Read the environment only in env.ts.' },
        ],
      },
    },
    {
      files: ['**/env.ts', '**/*.config.ts', '**/test/**', '**/*.test.ts', '**/*.test.tsx', 'scripts/**'],
      rules: { 'no-restricted-properties': 'off' },
    },
    ...(react ? [reactHooks.configs.flat.recommended] : []),
  );
}
