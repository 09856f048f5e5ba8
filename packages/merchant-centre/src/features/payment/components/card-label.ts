import type { PaymentMethod } from '@cc/contract';

/** The card networks' own names for the brands the processor reports in lower case. */
const BRAND_NAMES: Readonly<Record<string, string>> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos Australia',
  jcb: 'JCB',
  link: 'Link',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** 'visa' -> 'Visa'; a brand not listed is capitalised as sent; none is 'Card'. */
export function cardBrandName(brand: string): string {
  const known = BRAND_NAMES[brand.toLowerCase()];
  if (known) return known;
  if (brand === '' || brand.toLowerCase() === 'unknown') return 'Card';
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** '{Brand} ending {last4}, expires {MM}/{YYYY}', e.g. 'Visa ending 4242, expires 04/2030'. */
export function cardLabel(
  card: Pick<PaymentMethod, 'brand' | 'last4' | 'exp_month' | 'exp_year'>,
): string {
  const month = String(card.exp_month).padStart(2, '0');
  return `${cardBrandName(card.brand)} ending ${card.last4}, expires ${month}/${card.exp_year}`;
}

/** The card renewals are charged to: the default one, else the first. */
export function defaultCard(methods: readonly PaymentMethod[]): PaymentMethod | null {
  return methods.find((method) => method.is_default) ?? methods[0] ?? null;
}
