import { Type, type TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** A value read from a setting: text, a number or a yes/no, after its kind has checked it. */
export type SettingValue = string | number | boolean | readonly string[];

/**
 * What a setting holds: its TypeBox schema (the type and its limits), how its text becomes a
 * value, the words a refusal and the settings table use for it, and whether an empty value
 * means something (BRANDS= serves the API only) rather than unset.
 */
export type Kind = {
  schema: TSchema;
  /** The type as the settings table names it. */
  label: string;
  /** What a value must be, for the one-line refusal: `NAME must <expect>`. */
  expect: string;
  /** The value of `raw` (already trimmed), or undefined when it is not one of this kind. */
  parse: (raw: string) => SettingValue | undefined;
  emptyIsValue?: boolean;
};

/** `parse`, then the schema's check: a value the schema refuses is no value. */
function kind(
  params: Omit<Kind, 'parse'> & { parse?: (raw: string) => SettingValue | undefined },
): Kind {
  const convert = params.parse ?? ((raw: string) => raw);
  return {
    ...params,
    parse: (raw) => {
      const value = convert(raw);
      return value !== undefined && Value.Check(params.schema, value) ? value : undefined;
    },
  };
}

const numeric = (raw: string) => (raw === '' ? undefined : Number(raw));

/** Whole numbers from `minimum` up (ports, days, milliseconds). */
export const wholeNumber = (minimum = 0): Kind =>
  kind({
    schema: Type.Integer({ minimum }),
    label: minimum === 0 ? 'whole number' : `whole number, ${minimum} or more`,
    expect: minimum === 0 ? 'be a whole number' : `be a whole number, at least ${minimum}`,
    parse: numeric,
  });

/** Megabytes, decimals allowed, 0 or more. */
export const megabytes: Kind = kind({
  schema: Type.Number({ minimum: 0 }),
  label: 'megabytes',
  expect: 'be a number of megabytes (0 or more)',
  parse: numeric,
});

/** A yes/no: 1/true/yes or 0/false/no. */
export const flag: Kind = kind({
  schema: Type.Boolean(),
  label: '1 or 0',
  expect: 'be 1 or 0 (true or false)',
  parse: (raw) => {
    const word = raw.toLowerCase();
    if (['1', 'true', 'yes'].includes(word)) return true;
    if (['0', 'false', 'no'].includes(word)) return false;
    return undefined;
  },
});

/** An explicit permission to run something unusual: exactly 1, or unset. */
export const optIn: Kind = kind({
  schema: Type.Boolean(),
  label: '1 or unset',
  expect: 'be 1 (or unset)',
  parse: (raw) => (raw === '1' ? true : raw === '0' ? false : undefined),
});

/** Text of at least `minLength` characters. */
export const text = (minLength = 1): Kind =>
  kind({
    schema: Type.String({ minLength }),
    label: minLength > 1 ? `text, ${minLength}+ characters` : 'text',
    expect: `be at least ${minLength} characters`,
  });

/** One of `words`. */
export const oneOf = (...words: readonly string[]): Kind =>
  kind({
    schema: Type.Union(words.map((word) => Type.Literal(word))),
    label: words
      .map((word) => `\`${word}\``)
      .join(', ')
      .replace(/, ([^,]+)$/, ' or $1'),
    expect: `be ${words.length === 2 ? words.join(' or ') : `one of ${words.join(', ')}`}`,
  });

/** A URL with one of `schemes` (postgres, redis, ...). */
export const url = (...schemes: readonly string[]): Kind =>
  kind({
    schema: Type.String({ pattern: `^(${schemes.join('|')})://[^\\s]+$` }),
    label: 'URL',
    expect: `start with ${schemes.map((scheme) => `${scheme}://`).join(' or ')}`,
  });

/** A web origin: http(s), host and port only; a trailing slash is dropped. */
export const origin: Kind = kind({
  schema: Type.String({ pattern: '^https?://[^/\\s?#]+$' }),
  label: 'origin',
  expect: 'be an origin such as https://www.example.com (scheme, host and port only)',
  parse: (raw) => raw.replace(/\/+$/, ''),
});

/** A mail sender: `Name <address@domain>` or `address@domain`. */
export const sender: Kind = kind({
  schema: Type.String({ pattern: '^([^<>]+<[^\\s@<>]+@[^\\s@<>]+>|[^\\s@<>]+@[^\\s@<>]+)$' }),
  label: 'mail address',
  expect: 'be a sender such as "VoucherNest <no-reply@vouchernest.co.uk>" or an address',
});

/** A folder or file path. */
export const path: Kind = kind({
  schema: Type.String({ minLength: 1 }),
  label: 'path',
  expect: 'be a path',
});

/** Words split on commas or spaces; an empty value is an empty list (BRANDS=). */
export const wordList: Kind = kind({
  schema: Type.Array(Type.String({ minLength: 1 })),
  label: 'list',
  expect: 'be a list of words separated by commas or spaces',
  parse: (raw) => raw.split(/[\s,]+/).filter(Boolean),
  emptyIsValue: true,
});
