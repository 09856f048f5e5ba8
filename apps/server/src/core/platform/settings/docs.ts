import { SECTIONS, SETTINGS } from './index';
import type { Setting } from './schema';

/** The markers around the generated table in apps/server/README.md. */
export const TABLE_START = '<!-- settings:start -->';
export const TABLE_END = '<!-- settings:end -->';

/** The command that writes both files, for the drift test's message. */
export const REGENERATE = 'pnpm --filter @cc/server settings:docs';

const inSectionOrder = (): Setting[] =>
  SECTIONS.flatMap((section) => SETTINGS.filter((setting) => setting.section === section));

const code = (text: string) => `\`${text}\``;

/** The default in words: the schema's value(s), or its description where the server works it out. */
function defaultWords(setting: Setting): string {
  const fallback = setting.default;
  if (fallback === undefined) return setting.defaultText ?? 'unset';
  if (typeof fallback === 'string') return code(fallback);
  if ('each' in fallback) return fallback.each.map(code).join(', ');
  const production =
    fallback.production === undefined
      ? 'none in production'
      : `${code(fallback.production)} in production`;
  return `${code(fallback.otherwise)}; ${production}`;
}

/** When production requires it, in words. */
function productionWords(setting: Setting): string {
  const rule = setting.production;
  if (!rule) return '';
  const when = {
    always: 'required',
    'served brand': 'required for each brand served',
    'UK served': 'required while the UK brand is served',
  }[rule.required];
  return rule.unless ? `${when} (or ${code(`${rule.unless}=1`)})` : when;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The README's settings table, between its markers. */
export function settingsTable(): string {
  const rows = inSectionOrder().map((setting) => {
    const names = setting.names.map(code).join(', ');
    const secret = setting.secret
      ? ` (secret; or ${setting.names.map((name) => code(`${name}_FILE`)).join(', ')}: a file holding it)`
      : '';
    return `| ${cell(names + secret)} | ${cell(setting.kind.label)} | ${cell(defaultWords(setting))} | ${cell(productionWords(setting))} | ${cell(setting.description)} |`;
  });
  return [
    TABLE_START,
    '| Variable | Type | Default | Production | Meaning |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    TABLE_END,
  ].join('\n');
}

/** `readme` with the text between the markers replaced by the table; an error when a marker is missing. */
export function withSettingsTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start)
    throw new Error(`apps/server/README.md needs the markers ${TABLE_START} and ${TABLE_END}`);
  return readme.slice(0, start) + settingsTable() + readme.slice(end + TABLE_END.length);
}

/** `text` as comment lines of at most 100 characters. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line.length + 1 + word.length > 100 && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  if (line !== '#') lines.push(line);
  return lines;
}

/** One setting's block: what it is, then each variable, commented out unless production requires it. */
function exampleBlock(setting: Setting): string[] {
  const notes = [`Type: ${setting.kind.label}. Default: ${defaultWords(setting)}.`];
  const production = productionWords(setting);
  if (production) notes.push(`Production: ${production}.`);
  if (setting.secret)
    notes.push(
      `Secret: or ${setting.names.map((name) => `${name}_FILE`).join(', ')}, a file holding it.`,
    );
  const lines = [
    ...comment(setting.description.replaceAll('`', '')),
    ...comment(notes.join(' ').replaceAll('`', '')),
  ];
  setting.names.forEach((name, index) => {
    const fallback = setting.default;
    const shown =
      setting.secret || fallback === undefined
        ? ''
        : typeof fallback === 'string'
          ? fallback
          : 'each' in fallback
            ? (fallback.each[index] ?? '')
            : fallback.otherwise;
    lines.push(production ? `${name}=` : `# ${name}=${shown}`);
  });
  return lines;
}

/** The repository's .env.example: every setting, grouped by section. */
export function envExample(): string {
  const header = [
    '# Coupon Center server settings: every one the server reads. Generated from',
    `# apps/server/src/core/platform/settings by \`${REGENERATE}\`; edit there, not here.`,
    '#',
    '# The server reads its environment, not this file: copy it to .env, fill it in, and pass it with',
    "# `node --env-file=.env server.js` or compose's env_file. Lines left empty are required in",
    '# production (NODE_ENV=production); a commented line shows the default. A secret can come from',
    '# a file instead (JWT_SECRET_FILE=/run/secrets/jwt), as container platforms mount them.',
  ];
  const blocks = SECTIONS.flatMap((section) => {
    const settings = SETTINGS.filter((setting) => setting.section === section);
    if (settings.length === 0) return [];
    return ['', `## ${section}`, ...settings.flatMap((setting) => ['', ...exampleBlock(setting)])];
  });
  return `${[...header, ...blocks].join('\n')}\n`;
}
