import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { exports } = JSON.parse(readFileSync(resolve(packageDir, 'package.json'), 'utf8')) as {
  exports: Record<string, string>;
};

/** Runtime imports (not `import type`) at the top of a module, as written. */
const RUNTIME_IMPORT = /^(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+'([^']+)'/gm;

/** Every package a module needs at run time, following its relative imports. */
function runtimePackages(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORT)) {
    if (!specifier.startsWith('.')) packages.add(specifier);
    else
      for (const name of runtimePackages(resolve(dirname(file), `${specifier}.ts`), seen))
        packages.add(name);
  }
  return packages;
}

describe('subpath exports', () => {
  // './testing' builds stores for tests; no app loads it.
  const subpaths = Object.entries(exports).filter(
    ([subpath]) => subpath !== '.' && subpath !== './testing',
  );

  it.each(subpaths)(
    '%s loads neither the RTK Query slice nor Redux, so the staff console can use it',
    (_subpath, file) => {
      const packages = [...runtimePackages(resolve(packageDir, file))];
      expect(
        packages.filter((name) => /^(@reduxjs\/toolkit|react-redux|redux)(\/|$)/.test(name)),
      ).toEqual([]);
    },
  );
});
