import type { NewCard } from './local-books';

/** What the local checkout form posts. */
export type CardForm = { card_number?: string; expiry?: string; cvc?: string; name?: string };

export type CardCheck =
  | { ok: true; card: NewCard }
  | { ok: false; errors: Partial<Record<keyof CardForm, string>>; declined?: string };

export const CARD_MESSAGES = {
  numberRequired: 'Enter your card number.',
  numberInvalid: 'Your card number is invalid.',
  expiryRequired: 'Enter the expiry date as MM/YY.',
  expiryInvalid: "Your card's expiry date is invalid. Use MM/YY.",
  expiryPast: "Your card's expiry date is in the past.",
  cvcInvalid: "Your card's security code (CVC) is invalid.",
  nameRequired: 'Enter the name on the card.',
  declined: 'Your card was declined. No payment was taken; please use a different card.',
  insufficientFunds:
    'Your card has insufficient funds. No payment was taken; please use a different card.',
} as const;

/** Stripe's test cards that the local checkout treats specially; any other valid number is accepted. */
const DECLINED: Record<string, string> = {
  '4000000000000002': CARD_MESSAGES.declined,
  '4000000000009995': CARD_MESSAGES.insufficientFunds,
};
/** Accepted at checkout, but every later renewal charge fails (to see past_due and unpaid). */
const FAILS_RENEWAL = new Set(['4000000000000341']);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** Checks the form the way a card processor would; `now` decides whether the card has expired. */
export function checkCard(form: CardForm, now: Date): CardCheck {
  const errors: Partial<Record<keyof CardForm, string>> = {};
  const digits = (form.card_number ?? '').replace(/[\s-]/g, '');
  if (digits === '') errors.card_number = CARD_MESSAGES.numberRequired;
  else if (!/^\d{12,19}$/.test(digits) || !luhn(digits))
    errors.card_number = CARD_MESSAGES.numberInvalid;

  const expiry = (form.expiry ?? '').replace(/\s/g, '');
  const match = /^(\d{2})\/(\d{2}|\d{4})$/.exec(expiry);
  let expMonth = 0;
  let expYear = 0;
  if (expiry === '') errors.expiry = CARD_MESSAGES.expiryRequired;
  else if (!match?.[1] || !match[2] || Number(match[1]) < 1 || Number(match[1]) > 12)
    errors.expiry = CARD_MESSAGES.expiryInvalid;
  else {
    expMonth = Number(match[1]);
    expYear = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (expYear * 12 + (expMonth - 1) < thisMonth) errors.expiry = CARD_MESSAGES.expiryPast;
    else if (expYear > now.getUTCFullYear() + 20) errors.expiry = CARD_MESSAGES.expiryInvalid;
  }

  const cvc = (form.cvc ?? '').trim();
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) errors.cvc = CARD_MESSAGES.cvcInvalid;

  if ((form.name ?? '').trim() === '') errors.name = CARD_MESSAGES.nameRequired;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const declined = DECLINED[digits];
  if (declined) return { ok: false, errors: {}, declined };
  return {
    ok: true,
    card: {
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      exp_month: expMonth,
      exp_year: expYear,
      fails_renewal: FAILS_RENEWAL.has(digits),
    },
  };
}
