/** Currency symbols by lowercase ISO 4217 code. */
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

/** Group the integer part with commas, or spaces for French. */
export function formatNumber(value: number, options: { decimals?: number; locale?: string } = {}): string {
  const { decimals = 2, locale = 'en' } = options;
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const isFrench = locale.toLowerCase().startsWith('fr');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, isFrench ? ' ' : ',');
  const decimalMark = isFrench ? ',' : '.';
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}${decimalMark}${fraction}`;
}

/** Minor units divided by 100 with two decimals: 1999 -> "19.99". */
export function formatMinorUnits(amount: number, options: { locale?: string } = {}): string {
  return formatNumber(amount / 100, { decimals: 2, ...options });
}

/** Symbol plus amount: (1999, 'gbp') -> "£19.99". */
export function formatMoney(amount: number, currency: string, options: { locale?: string } = {}): string {
  return `${currencySymbol(currency)}${formatMinorUnits(amount, options)}`;
}
