// @ts-check
// `pnpm mutation [module ...]`: mutation testing (StrykerJS with its Vitest runner) of the rule
// modules listed in scripts/mutation/modules.mjs, one module after another, each against its own
// test files on the embedded database, on the supported Node.js (tooling/node-lts). Not part of
// `npm test` or CI: a full run takes about 40 minutes. Prints each module's score and
// leaves the reports in <package>/reports/mutation/<module>.html (and .json).
// `pnpm mutation --list` names the modules.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { withNodeLtsOnPath } from '@cc/node-lts';
import { MUTATION_MODULES } from './mutation/modules.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { list: { type: 'boolean' } },
});

if (values.list) {
  for (const module of MUTATION_MODULES) console.log(`${module.name.padEnd(18)} ${module.title}`);
  process.exit(0);
}

const unknown = positionals.filter(
  (name) => !MUTATION_MODULES.some((module) => module.name === name),
);
if (unknown.length > 0) {
  console.error(
    `Unknown module(s): ${unknown.join(', ')}. Known: ${MUTATION_MODULES.map((m) => m.name).join(', ')}`,
  );
  process.exit(2);
}
const chosen =
  positionals.length === 0
    ? MUTATION_MODULES
    : MUTATION_MODULES.filter((m) => positionals.includes(m.name));

/**
 * The score as Stryker counts it: mutants the tests detected (killed or timed out) over the
 * valid ones (all but those that did not compile or were ignored); a mutant no test reached counts
 * as not detected.
 * @param {string} reportFile
 */
function scoreOf(reportFile) {
  /** @type {{ files: Record<string, { mutants: { status: string }[] }> }} */
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  /** @type {Record<string, number>} */
  const counts = {};
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  }
  const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
  const undetected = (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
  const valid = detected + undetected;
  return { detected, undetected, valid, score: valid === 0 ? 0 : (100 * detected) / valid, counts };
}

const rows = [];
let failed = false;
for (const module of chosen) {
  const cwd = join(ROOT, module.package);
  const reportFile = join(cwd, 'reports', 'mutation', `${module.name}.json`);
  console.log(`\n=== ${module.name}: ${module.title} (${module.package})`);
  const started = Date.now();
  const run = spawnSync('pnpm', ['exec', 'stryker', 'run'], {
    cwd,
    stdio: 'inherit',
    env: withNodeLtsOnPath({
      ...process.env,
      MUTATION_MODULE: module.name,
      TEST_DATABASES: 'pglite',
    }),
  });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  if (run.status !== 0 || !existsSync(reportFile)) {
    failed = true;
    rows.push(`${module.name.padEnd(18)} did not finish (exit ${run.status}) after ${minutes} min`);
    continue;
  }
  const { detected, valid, score, counts } = scoreOf(reportFile);
  const parts = Object.entries(counts)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  rows.push(
    `${module.name.padEnd(18)} ${score.toFixed(1).padStart(5)} % (${detected} of ${valid} detected; ${parts}) in ${minutes} min`,
  );
}

console.log('\n=== mutation scores');
for (const row of rows) console.log(row);
process.exit(failed ? 1 : 0);
