// The changelog lines `changeset version` writes (config.json `changelog`). A package's own
// changesets give one line each, as the default does. A package bumped because a workspace
// package it depends on changed (a brand build when packages/ui or packages/api changes) gets
// the line of each changeset behind that change, naming the package it landed in, rather than
// only "Updated dependencies": a brand's CHANGELOG says what its merchants will see.

/**
 * The summary as a list item; further lines indented under it.
 * @param {string} summary
 */
function item(summary, suffix = '') {
  const [first, ...rest] = summary.trim().split('\n');
  const more = rest.map((line) => (line.trim() ? `  ${line}` : '')).join('\n');
  return `- ${first}${suffix}${more ? `\n${more}` : ''}`;
}

/** @type {import('@changesets/types').GetReleaseLine} */
function getReleaseLine(changeset) {
  return Promise.resolve(`\n${item(changeset.summary)}`);
}

/** @type {import('@changesets/types').GetDependencyReleaseLine} */
function getDependencyReleaseLine(changesets, dependenciesUpdated) {
  if (dependenciesUpdated.length === 0) return Promise.resolve('');
  const updated = new Set(dependenciesUpdated.map((dependency) => dependency.name));
  const lines = [];
  for (const changeset of changesets) {
    const from = changeset.releases
      .map((release) => release.name)
      .filter((name) => updated.has(name));
    if (from.length > 0 && changeset.summary.trim())
      lines.push(item(changeset.summary, ` (${from.join(', ')})`));
  }
  const versions = dependenciesUpdated
    .map((dependency) => `${dependency.name}@${dependency.newVersion}`)
    .join(', ');
  lines.push(`- Updated dependencies: ${versions}`);
  return Promise.resolve(lines.join('\n'));
}

module.exports = { default: { getReleaseLine, getDependencyReleaseLine } };
