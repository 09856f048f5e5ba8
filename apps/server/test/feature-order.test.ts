import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');

/** The messages of `rule` when `code` stands in `file` (a file of src, so the project knows it). */
async function lintAs(file: string, code: string, rule: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === rule)
    .map((message) => message.message);
}

describe('the order of the server features (eslint.config.js)', () => {
  it('refuses an import of a feature above, and lets one below through', async () => {
    // auth stands below billing and stores: /auth/me/ answers from the account feature above them.
    const upward = await lintAs(
      'src/auth/authenticate.ts',
      "import { billingView } from '../billing/view';\nexport const probe = billingView;\n",
      'import-x/no-restricted-paths',
    );
    expect(upward).toHaveLength(1);
    expect(upward[0]).toContain('Features import only the features below them');
    expect(upward[0]).toContain('src/auth stands below this one');

    const downward = await lintAs(
      'src/billing/links.ts',
      "import { callerOf } from '../core/http/caller';\nimport type { AuthService } from '../auth/service';\nexport type Probe = AuthService;\nexport const probe = callerOf;\n",
      'import-x/no-restricted-paths',
    );
    expect(downward).toEqual([]);
  }, 120_000);

  it('refuses a module that imports one importing it back', async () => {
    // billing/view.ts is imported by billing/service.ts: importing the service back closes a circle.
    const circle = await lintAs(
      'src/billing/view.ts',
      "import { billingService } from './service';\nexport const probe = billingService;\n",
      'import-x/no-cycle',
    );
    expect(circle).toHaveLength(1);
  }, 120_000);

  it('has no import circle under src, type imports included', () => {
    const files: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name)) files.push(path);
      }
    };
    walk(src);
    const known = new Set(files);
    const resolveImport = (from: string, specifier: string) =>
      ['.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((ending) => resolve(dirname(from), specifier.replace(/\.js$/, '')) + ending)
        .find((path) => known.has(path));
    const imports = new Map(
      files.map((file) => [
        file,
        ts
          .preProcessFile(readFileSync(file, 'utf8'), true, true)
          .importedFiles.map((imported) => imported.fileName)
          .filter((specifier) => specifier.startsWith('.'))
          .map((specifier) => resolveImport(file, specifier))
          .filter((path): path is string => path !== undefined),
      ]),
    );
    // Depth-first: a module met again while still on the path closes a circle.
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      state.set(file, 'open');
      for (const next of imports.get(file) ?? []) {
        if (state.get(next) === 'open')
          circles.push(
            [...path.slice(path.indexOf(next)), next].map((f) => relative(src, f)).join(' -> '),
          );
        else if (!state.has(next)) visit(next, [...path, next]);
      }
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file, [file]);
    expect(circles).toEqual([]);
  });
});
