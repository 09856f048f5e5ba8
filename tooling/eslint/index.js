import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Rules that fight Prettier's output (what eslint-config-prettier turns off among the rules
 * used here): Prettier breaks `call()\n  [key]()` chains over lines, which no-unexpected-multiline
 * reports although the code means what it says; Prettier decides the layout, not the lint.
 */
const PRETTIER_OWNS = /** @type {const} */ ({ 'no-unexpected-multiline': 'off' });

/**
 * The one lint setup every package uses: type-aware TypeScript rules, type-only
 * imports, no `any`, no non-null assertions, and environment variables read only
 * in an app's `env.ts`.
 * @param {{ tsconfigRootDir: string, react?: boolean }} options
 */
export function config({ tsconfigRootDir, react = false }) {
  return tseslint.config(
    // .stryker-tmp and reports: mutation testing's working copies and reports (pnpm mutation).
    {
      ignores: [
        'dist/**',
        'storybook-static/**',
        'coverage/**',
        'drizzle/**',
        '.stryker-tmp/**',
        'reports/**',
        '**/*.js',
        '**/*.mjs',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommendedTypeChecked,
    {
      languageOptions: {
        parserOptions: { projectService: true, tsconfigRootDir },
      },
      rules: {
        '@typescript-eslint/consistent-type-imports': [
          'error',
          { fixStyle: 'separate-type-imports' },
        ],
        '@typescript-eslint/no-explicit-any': 'error',
        '@typescript-eslint/no-non-null-assertion': 'error',
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
        ...PRETTIER_OWNS,
        'no-restricted-properties': [
          'error',
          { object: 'process', property: 'env', message: 'Read the environment only in env.ts.' },
        ],
      },
    },
    {
      files: [
        '**/env.ts',
        '**/*.config.ts',
        '**/test/**',
        '**/*.test.ts',
        '**/*.test.tsx',
        'scripts/**',
      ],
      rules: { 'no-restricted-properties': 'off' },
    },
    ...(react ? [reactHooks.configs.flat.recommended] : []),
  );
}

/**
 * The lint of the repository's JavaScript programs and configuration files (scripts/, e2e
 * support, build scripts, benches, every eslint.config.js; the root eslint.config.js): the
 * recommended rules and the type-aware ones, over the types the root tsconfig.json checks from
 * their JSDoc. The no-unsafe-* rules are off: they flag every use of a value JavaScript cannot
 * annotate at its source (JSON.parse, a child's output, a library without types), and checkJs
 * already rejects what has no type where one can be written.
 * @param {{ tsconfigRootDir: string, ignores?: string[] }} options
 *   tsconfigRootDir: the folder of the tsconfig.json that includes the files;
 *   ignores: generated or built JavaScript to leave out.
 */
export function scripts({ tsconfigRootDir, ignores = [] }) {
  return tseslint.config(
    { ignores },
    {
      files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
      extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
      languageOptions: {
        parserOptions: { project: './tsconfig.json', tsconfigRootDir },
      },
      rules: {
        '@typescript-eslint/no-unsafe-argument': 'off',
        '@typescript-eslint/no-unsafe-assignment': 'off',
        '@typescript-eslint/no-unsafe-call': 'off',
        '@typescript-eslint/no-unsafe-member-access': 'off',
        '@typescript-eslint/no-unsafe-return': 'off',
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        // TypeScript (checkJs) already fails on a name that is not declared, knowing Node's
        // and the browser's globals, which this rule would have to be told.
        'no-undef': 'off',
        ...PRETTIER_OWNS,
      },
    },
    {
      // CommonJS: the changelog writer changesets loads with require().
      files: ['**/*.cjs'],
      languageOptions: { sourceType: 'commonjs' },
      rules: { '@typescript-eslint/no-require-imports': 'off' },
    },
  );
}
