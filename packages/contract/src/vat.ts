/**
 * UK VAT registration numbers as HMRC writes them: GB and 9 digits (a standard
 * registration), GB and 12 digits (a branch trader), GBGD and 3 digits from 000 to
 * 499 (a government department), GBHA and 3 digits from 500 to 999 (a health
 * authority). Only the format is checked, not the check digits.
 */
export const UK_VAT_NUMBER = /^GB(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/;

/** The VAT number as stored and printed: spaces, dots and dashes out, letters upper case ('gb 123 4567 89' -> 'GB123456789'). */
export function normaliseVatNumber(input: string): string {
  return input.replace(/[\s.-]/g, '').toUpperCase();
}

/** Whether `input`, once normalised, is a UK VAT number. */
export function isUkVatNumber(input: string): boolean {
  return UK_VAT_NUMBER.test(normaliseVatNumber(input));
}

/** The client whose merchants can give a VAT number: the UK brand. */
export const VAT_NUMBER_CLIENT = 7;
