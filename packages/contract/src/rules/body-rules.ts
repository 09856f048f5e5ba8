import { MESSAGES } from '../messages';
import {
  isAmount,
  isDateString,
  isEmail,
  isWebAddress,
  maxLengthMessage,
  minLengthMessage,
} from './field-rules';

/** The shapes a field's value can be held to, each with its message. */
export type Shape = 'email' | 'web-address' | 'date' | 'amount';

/**
 * The rules of one wire field, declared: the server checks a body with them
 * (`checkBody`) and the merchant centre builds its form schemas from them, so the two
 * cannot disagree. A value that is absent, null or empty (after trimming, with `trim`)
 * is checked only for `required`; the other rules apply to a value that is there, in
 * this order, and the first one it breaks gives the field's message.
 */
export type FieldRule = {
  /** Absent or blank is refused: "This field is required." */
  readonly required?: boolean;
  /** Spaces around the value do not count, for every rule below. */
  readonly trim?: boolean;
  /** At most this many characters, in DRF's words. */
  readonly maxLength?: number;
  /** At least this many characters (a new password, in the spec's words). */
  readonly minLength?: number;
  readonly shape?: Shape;
  /** One of these values: "Select a valid choice." */
  readonly oneOf?: readonly string[];
  /** The same as this other field of the body (a password typed twice): "Passwords don't match". */
  readonly sameAs?: string;
};

/** A body's rules keyed by wire field name. */
export type BodyRules<Field extends string = string> = Readonly<Record<Field, FieldRule>>;

/** DRF-style field errors: each refused field with its (first) message. */
export type FieldErrorList = Record<string, [string]>;

export const SHAPE_MESSAGES: Readonly<Record<Shape, string>> = {
  email: MESSAGES.invalidEmail,
  'web-address': MESSAGES.invalidUrl,
  date: MESSAGES.invalidDate,
  amount: MESSAGES.invalidNumber,
};

const SHAPES: Readonly<Record<Shape, (value: string | number) => boolean>> = {
  email: (value) => typeof value === 'string' && isEmail(value),
  'web-address': (value) => typeof value === 'string' && isWebAddress(value),
  date: (value) => typeof value === 'string' && isDateString(value),
  amount: isAmount,
};

/** Whether `value` has `shape` (the form schemas test with this too). */
export function hasShape(shape: Shape, value: string | number): boolean {
  return SHAPES[shape](value);
}

/** The value the rules look at: undefined when absent, null or empty. */
function present(rule: FieldRule, value: unknown): string | number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const text = rule.trim ? value.trim() : value;
  return text === '' ? undefined : text;
}

/**
 * The first rule `value` breaks, as its message; undefined when it keeps them all.
 * `body` holds the other fields a `sameAs` rule compares with.
 */
export function fieldError(
  rule: FieldRule,
  value: unknown,
  body: Readonly<Record<string, unknown>> = {},
): string | undefined {
  const held = present(rule, value);
  if (held === undefined) return rule.required ? MESSAGES.required : undefined;
  if (typeof held === 'string' && rule.maxLength !== undefined && held.length > rule.maxLength)
    return maxLengthMessage(rule.maxLength);
  if (typeof held === 'string' && rule.minLength !== undefined && held.length < rule.minLength)
    return minLengthMessage(rule.minLength);
  if (rule.shape !== undefined && !hasShape(rule.shape, held)) return SHAPE_MESSAGES[rule.shape];
  if (rule.oneOf !== undefined && !rule.oneOf.includes(String(held))) return MESSAGES.invalidChoice;
  if (rule.sameAs !== undefined && held !== present(rule, body[rule.sameAs]))
    return MESSAGES.passwordsDontMatch;
  return undefined;
}

/**
 * Checks `body` against its rules: every refused field with its first message, empty when
 * the body keeps them all. With `partial` (an edit that sends only what changes), an
 * absent field is not checked.
 */
export function checkBody<Field extends string>(
  rules: BodyRules<Field>,
  body: Readonly<Partial<Record<NoInfer<Field>, unknown>>>,
  options: { partial?: boolean } = {},
): FieldErrorList {
  const errors: FieldErrorList = {};
  for (const field of Object.keys(rules) as Field[]) {
    const value = body[field];
    if (options.partial && value === undefined) continue;
    const message = fieldError(rules[field], value, body);
    if (message !== undefined) errors[field] = [message];
  }
  return errors;
}
