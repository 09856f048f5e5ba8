import { withScheme } from '@cc/config';

/**
 * The field rules the server enforces and the forms repeat, in one place: the longest
 * text each stored field takes (the wire schemas read them too), and the shapes of an
 * email, a website address, a date and a stored amount.
 */
export const MAX_LENGTHS = {
  storeName: 200,
  personName: 150,
  email: 254,
  url: 2048,
  discountCode: 100,
  title: 200,
  password: 256,
} as const;

/** The message of a text longer than its field takes (DRF's wording). */
export function maxLengthMessage(limit: number): string {
  return `Ensure this field has no more than ${String(limit)} characters.`;
}

/** The message of a text shorter than its field takes: the spec's words for the one minimum it has, a password's. */
export function minLengthMessage(limit: number): string {
  return `Password should be at least ${String(limit)} characters long`;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A name, an @ and a domain with a dot, at most 254 characters. */
export function isEmail(value: string): boolean {
  return value.length <= MAX_LENGTHS.email && EMAIL_SHAPE.test(value);
}

const WEB_ADDRESS_SHAPE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** An http(s) address, a bare domain counting once it gets its http:// (SPEC section 5). */
export function isWebAddress(value: string): boolean {
  return WEB_ADDRESS_SHAPE.test(withScheme(value));
}

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-MM-dd (SPEC section 9). */
export function isDateString(value: string): boolean {
  const match = DATE_SHAPE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Amounts are stored with two decimals below this size (a decimal of 12 digits). */
export const AMOUNT_LIMIT = 1e10;

/** Whether a figure the coupon form converts to a number can be stored: none, or below the limit. */
export function isStorableAmount(value: number | null): boolean {
  return value === null || (Number.isFinite(value) && Math.abs(value) < AMOUNT_LIMIT);
}

const DECIMAL_SHAPE = /^-?\d+(\.\d+)?$/;

/** A decimal as the wire takes it (DRF's DecimalField): a number, or digits with an optional fraction, that can be stored. */
export function isAmount(value: number | string): boolean {
  if (typeof value === 'number') return isStorableAmount(value);
  return DECIMAL_SHAPE.test(value) && isStorableAmount(Number(value));
}
