// @ts-check
// The Stryker options of one rule module (scripts/mutation/modules.mjs), chosen by the
// MUTATION_MODULE variable that `pnpm mutation` sets for each run. One test process at a time
// (the machines this runs on are shared), Vitest limited to the module's own test files.
import { MUTATION_MODULES } from './modules.mjs';

/**
 * @param {'apps/server' | 'packages/contract'} packageDir the package Stryker runs in
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function strykerOptions(packageDir) {
  const name = process.env.MUTATION_MODULE;
  const module = MUTATION_MODULES.find(
    (candidate) => candidate.name === name && candidate.package === packageDir,
  );
  if (module === undefined) {
    const names = MUTATION_MODULES.filter((candidate) => candidate.package === packageDir).map(
      (candidate) => candidate.name,
    );
    throw new Error(
      `MUTATION_MODULE must be one of ${names.join(', ')} (run \`pnpm mutation\` at the root)`,
    );
  }
  return {
    packageManager: 'pnpm',
    plugins: ['@stryker-mutator/vitest-runner'],
    testRunner: 'vitest',
    vitest: {
      configFile: packageDir === 'apps/server' ? 'vitest.mutation.config.ts' : 'vitest.config.ts',
      related: false,
    },
    mutate: module.mutate,
    testFiles: module.tests,
    coverageAnalysis: 'perTest',
    // Constants evaluated once at import: see docs/testing.md, "Mutation testing".
    ignoreStatic: true,
    concurrency: 1,
    // A test file builds its own database: a slow first run on a busy machine is not a timeout.
    timeoutMS: 60_000,
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: `reports/mutation/${module.name}.html` },
    jsonReporter: { fileName: `reports/mutation/${module.name}.json` },
    tempDirName: '.stryker-tmp',
    cleanTempDir: true,
    thresholds: { high: 90, low: 80, break: null },
  };
}
