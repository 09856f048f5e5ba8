// @ts-check
// `pnpm visual` (after `pnpm run build`): every Storybook story in every brand theme, compared
// pixel by pixel with the accepted pictures in visual/stories/<brand>/<story id>.png. A story
// that looks different, is new or is gone fails the run; test-results/visual/index.html shows
// each such picture as accepted, as it is now, and the difference marked in red.
// `pnpm visual --accept` makes the pictures of now the accepted ones (commit them with the change
// that made them); a picture as accepted keeps its file. `--only <text>` limits the run to the stories whose id holds the text.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { captureStories, storiesOf } from './capture-stories.mjs';
import { comparePictures } from './compare.mjs';
import { writeReport } from './report.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const STATIC_DIR = join(ROOT, 'packages', 'ui', 'storybook-static');
const ACCEPTED_DIR = join(ROOT, 'visual', 'stories');
const REPORT_DIR = join(ROOT, 'test-results', 'visual');

const { values } = parseArgs({
  options: { accept: { type: 'boolean' }, only: { type: 'string' } },
});
if (!existsSync(join(STATIC_DIR, 'index.json'))) {
  console.error(`No built Storybook in ${relative(ROOT, STATIC_DIR)}: run pnpm run build first`);
  process.exit(1);
}
const stories = storiesOf(STATIC_DIR).filter(
  (story) => !values.only || story.id.includes(values.only),
);
const started = Date.now();
/** @type {Map<string, Buffer>} brand/id.png -> the picture of now */
const pictures = new Map();
/** @type {{ id: string, brand: string, message: string }[]} */
const broken = [];
/** @type {string[]} brand/id.png of the pictures that matched only when drawn again (reported, not failed) */
const redrawn = [];
await captureStories({
  staticDir: STATIC_DIR,
  stories,
  onPicture: ({ id, brand, png, redraws }) => {
    pictures.set(`${brand}/${id}.png`, png);
    if (redraws > 0) redrawn.push(`${brand}/${id}.png`);
  },
  onError: (failure) => broken.push(failure),
  isAsAccepted: values.accept
    ? undefined
    : ({ id, brand, png }) => {
        const file = join(ACCEPTED_DIR, `${brand}/${id}.png`);
        return existsSync(file) && comparePictures(readFileSync(file), png).same;
      },
});
const seconds = ((Date.now() - started) / 1000).toFixed(0);

/** The accepted pictures on disk, as brand/id.png, limited like the run. */
function acceptedNames() {
  if (!existsSync(ACCEPTED_DIR)) return [];
  return readdirSync(ACCEPTED_DIR, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.png'))
    .map((name) => name.split('\\').join('/'))
    .filter((name) => !values.only || name.includes(values.only));
}

if (values.accept) {
  if (broken.length > 0) {
    for (const failure of broken)
      console.error(`NOT DRAWN ${failure.brand}/${failure.id}: ${failure.message}`);
    console.error('Nothing accepted: every story must draw first.');
    process.exit(1);
  }
  for (const name of acceptedNames()) if (!pictures.has(name)) rmSync(join(ACCEPTED_DIR, name));
  // A picture as accepted keeps its file, so the commit shows only the pictures that changed.
  let written = 0;
  for (const [name, png] of pictures) {
    const file = join(ACCEPTED_DIR, name);
    if (existsSync(file) && comparePictures(readFileSync(file), png).same) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, png);
    written += 1;
    console.log(`ACCEPTED ${name}`);
  }
  console.log(
    `Accepted ${pictures.size} pictures of ${stories.length} stories in ${relative(ROOT, ACCEPTED_DIR)}, ${written} of them new or changed (${seconds} s)`,
  );
  process.exit(0);
}

/** @type {import('./report.mjs').Finding[]} */
const findings = [];
let same = 0;
for (const [name, png] of pictures) {
  const file = join(ACCEPTED_DIR, name);
  if (!existsSync(file)) {
    findings.push({ name, kind: 'new', now: png });
    continue;
  }
  const accepted = readFileSync(file);
  const result = comparePictures(accepted, png);
  if (result.same) same += 1;
  else
    findings.push({
      name,
      kind: 'changed',
      accepted,
      now: png,
      diff: result.diff,
      detail: result.detail,
    });
}
for (const name of acceptedNames()) {
  if (
    !pictures.has(name) &&
    !broken.some((failure) => name === `${failure.brand}/${failure.id}.png`)
  ) {
    findings.push({ name, kind: 'gone', accepted: readFileSync(join(ACCEPTED_DIR, name)) });
  }
}
for (const failure of broken)
  findings.push({
    name: `${failure.brand}/${failure.id}.png`,
    kind: 'not drawn',
    detail: failure.message,
  });

rmSync(REPORT_DIR, { recursive: true, force: true });
writeReport(REPORT_DIR, findings);
writeFileSync(
  join(REPORT_DIR, 'summary.json'),
  `${JSON.stringify({ passed: same, failed: findings.length, drawnAgain: redrawn.filter((name) => !findings.some((finding) => finding.name === name)), seconds: Number(seconds) }, null, 2)}\n`,
);
for (const name of redrawn.filter((name) => !findings.some((finding) => finding.name === name))) {
  console.log(
    `DRAWN AGAIN ${name}: unlike the accepted picture at first, as accepted when drawn again`,
  );
}
for (const finding of findings)
  console.log(
    `${finding.kind.toUpperCase()} ${finding.name}${finding.detail ? `: ${finding.detail}` : ''}`,
  );
console.log(
  `Visual check of ${stories.length} stories in ${seconds} s: ${same} pictures as accepted, ${findings.length} not`,
);
if (findings.length > 0) {
  console.log(
    `Side by side: ${relative(ROOT, join(REPORT_DIR, 'index.html'))}. If the change is meant, run pnpm visual --accept and commit the pictures.`,
  );
  process.exit(1);
}
