// @ts-check
// The side-by-side page of a visual check: each picture that is not as accepted, as accepted,
// as it is now, and the difference (changed pixels in red over a faded copy).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * @typedef {{ name: string, kind: 'new' | 'changed' | 'gone' | 'not drawn', accepted?: Buffer, now?: Buffer, diff?: Buffer, detail?: string }} Finding
 */

/** @param {string} text */
const escape = (text) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Writes index.html and the pictures it shows into `dir`.
 * @param {string} dir
 * @param {Finding[]} findings
 */
export function writeReport(dir, findings) {
  mkdirSync(dir, { recursive: true });
  /** @param {string} name @param {string} part @param {Buffer | undefined} png */
  const picture = (name, part, png) => {
    if (!png) return '<td class="none">none</td>';
    const file = join(part, name);
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), png);
    return `<td><a href="${escape(file)}"><img src="${escape(file)}" alt="${escape(`${name}, ${part}`)}"></a></td>`;
  };
  const rows = findings.map(
    (finding) =>
      `<tr><th scope="row">${escape(finding.name)}<br><span>${escape(finding.kind)}${finding.detail ? `: ${escape(finding.detail)}` : ''}</span></th>` +
      `${picture(finding.name, 'accepted', finding.accepted)}${picture(finding.name, 'now', finding.now)}${picture(finding.name, 'difference', finding.diff)}</tr>`,
  );
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Visual check: ${findings.length} not as accepted</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1rem; color: #0f172a; }
table { border-collapse: collapse; }
th, td { border: 1px solid #cbd5e1; padding: .5rem; vertical-align: top; text-align: left; }
th span { font-weight: normal; color: #475569; }
img { max-width: 420px; display: block; }
td.none { color: #64748b; }
</style></head><body>
<h1>Visual check: ${findings.length} ${findings.length === 1 ? 'picture' : 'pictures'} not as accepted</h1>
<p>If a change is meant, run <code>pnpm visual --accept</code> and commit the pictures with it.</p>
<table><thead><tr><th scope="col">Story (brand/id)</th><th scope="col">Accepted</th><th scope="col">Now</th><th scope="col">Difference</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></body></html>
`;
  writeFileSync(join(dir, 'index.html'), html);
}
