import { readFileSync } from 'node:fs';
import { CLIENT_IDS, getClientConfig, type ClientId } from '@cc/config';
import { SETTINGS } from './index';
import type { SettingValue } from './kinds';
import { brandAt, defaultOf, type Setting } from './schema';

/** A setting that is missing, malformed or unsafe; its message is the one line a start stops with. */
export class EnvError extends Error {}

/** Settings no longer read, and what took their place: a start that still sets one stops, saying so. */
const REPLACED: Record<string, string> = {
  MAIL_FROM:
    'each brand has its own sender: set MAIL_FROM_UK, MAIL_FROM_US_PROMO and MAIL_FROM_US_DISCOUNT',
};

export type Settings = {
  production: boolean;
  /** BRANDS: the brands whose ports this instance opens (unset: all three; empty: none). */
  brands: ClientId[];
  /** The brands this instance acts for: BRANDS, or every brand when BRANDS is empty (the API port serves them all). */
  served: ClientId[];
  text: (name: string) => string | undefined;
  number: (name: string) => number | undefined;
  /** A flag or opt-in: false when unset. */
  flag: (name: string) => boolean;
};

/** BRANDS' words (client ids or brand keys) as client ids, in CLIENT_IDS order. */
function brandsOf(words: readonly string[]): ClientId[] {
  const brands = new Set<ClientId>();
  for (const word of words) {
    const id = CLIENT_IDS.find(
      (client) => String(client) === word || getClientConfig(client).key === word,
    );
    if (id === undefined) {
      const known = CLIENT_IDS.map((client) => `${client} (${getClientConfig(client).key})`).join(
        ', ',
      );
      throw new EnvError(
        `BRANDS has "${word}"; each entry is one of ${known}, and an empty BRANDS serves the API only`,
      );
    }
    brands.add(id);
  }
  return CLIENT_IDS.filter((id) => brands.has(id));
}

/**
 * A secret's text: NAME, or the trimmed content of the file NAME_FILE names (as container
 * platforms mount secrets); both set is an error, as is a file that cannot be read or is empty.
 */
function secretText(source: NodeJS.ProcessEnv, name: string): string | undefined {
  const fileName = `${name}_FILE`;
  const file = source[fileName]?.trim();
  if (!file) return source[name];
  if (source[name]?.trim()) throw new EnvError(`${name} and ${fileName} are both set; keep one`);
  let content: string;
  try {
    content = readFileSync(file, 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new EnvError(`${fileName} (${file}) cannot be read: ${code}`);
  }
  if (!content) throw new EnvError(`${fileName} (${file}) is empty`);
  return content;
}

function parsed(setting: Setting, name: string, raw: string | undefined): SettingValue | undefined {
  if (raw === undefined) return undefined;
  const value = setting.kind.parse(raw);
  if (value === undefined)
    throw new EnvError(
      `${name} must ${setting.kind.expect}${setting.secret ? '' : `, got "${raw}"`}`,
    );
  return value;
}

function isRequired(
  setting: Setting,
  index: number,
  served: ClientId[],
  opted: (name: string) => boolean,
): boolean {
  const rule = setting.production;
  if (!rule || (rule.unless && opted(rule.unless))) return false;
  if (rule.required === 'always') return true;
  if (rule.required === 'UK served') return served.includes(7);
  const brand = brandAt(setting, index);
  return brand !== undefined && served.includes(brand);
}

/**
 * Reads every setting of the schema from `source`: each value checked against its kind (a
 * refusal names the setting), defaults filled in, and in production each required setting
 * present. Empty values count as unset, except where the kind gives them a meaning (BRANDS=).
 */
export function readSettings(source: NodeJS.ProcessEnv): Settings {
  for (const [name, instead] of Object.entries(REPLACED)) {
    if (source[name] !== undefined) throw new EnvError(`${name} is no longer read: ${instead}`);
  }
  const production = source.NODE_ENV === 'production';
  const values = new Map<string, SettingValue | undefined>();
  const explicit = new Set<string>();
  for (const setting of SETTINGS) {
    setting.names.forEach((name, index) => {
      const raw = (setting.secret ? secretText(source, name) : source[name])?.trim();
      const given = raw !== undefined && (raw !== '' || setting.kind.emptyIsValue === true);
      if (given) explicit.add(name);
      values.set(name, parsed(setting, name, given ? raw : defaultOf(setting, index, production)));
    });
  }
  const read = (name: string) => {
    if (!values.has(name))
      throw new Error(`${name} is not in the settings schema (src/core/platform/settings)`);
    return values.get(name);
  };
  const typed = <T>(name: string, check: (value: unknown) => value is T): T | undefined => {
    const value = read(name);
    if (value === undefined) return undefined;
    if (!check(value)) throw new Error(`${name} is read as another type than its schema's`);
    return value;
  };
  const flag = (name: string) => typed(name, (value) => typeof value === 'boolean') ?? false;
  const words = typed('BRANDS', (value): value is string[] => Array.isArray(value));
  const brands = words === undefined ? [...CLIENT_IDS] : brandsOf(words);
  const served = brands.length > 0 ? brands : [...CLIENT_IDS];

  if (production) {
    for (const setting of SETTINGS) {
      setting.names.forEach((variable, index) => {
        if (!isRequired(setting, index, served, flag) || explicit.has(variable)) return;
        const brand = brandAt(setting, index);
        const because =
          setting.production?.because.replace(
            '{brand}',
            brand ? getClientConfig(brand).appName : '',
          ) ?? '';
        throw new EnvError(`${variable} is required when NODE_ENV=production (${because})`);
      });
    }
  }
  return {
    production,
    brands,
    served,
    text: (variable) => typed(variable, (value) => typeof value === 'string'),
    number: (variable) => typed(variable, (value) => typeof value === 'number'),
    flag,
  };
}
