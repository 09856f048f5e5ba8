/**
 * Currency symbols by lowercase ISO 4217 code (SPEC section 9). Money is formatted
 * with them through Intl in @cc/contract/money.
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  usd: '$',
  eur: '€',
  gbp: '£',
  jpy: '¥',
  cny: '¥',
  inr: '₹',
  aud: 'A$',
  cad: 'C$',
  nzd: 'NZ$',
  chf: 'CHF',
  sek: 'kr',
  nok: 'kr',
  dkk: 'kr',
  pln: 'zł',
  czk: 'Kč',
  huf: 'Ft',
  brl: 'R$',
  mxn: 'MX$',
  zar: 'R',
  rub: '₽',
  try: '₺',
  krw: '₩',
  sgd: 'S$',
  hkd: 'HK$',
  ils: '₪',
  aed: 'د.إ',
};

/** The symbol for a currency code (any case); unknown codes answer the code in capitals. */
export function currencySymbol(currency: string): string {
  return CURRENCY_SYMBOLS[currency.toLowerCase()] ?? currency.toUpperCase();
}
