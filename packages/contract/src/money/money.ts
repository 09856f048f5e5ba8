import { currencySymbol } from '@cc/config';

/**
 * Money and numbers as shoppers and merchants read them, through Intl.NumberFormat
 * in the brand's locale (en-GB for client 7, en-US for clients 8 and 10). The
 * currency sign is the spec's symbol map (usd $, eur €, gbp £ ...), so a dollar
 * amount reads '$24.99' in every locale.
 */
export type BrandMoney = {
  /** BCP 47 locale, e.g. 'en-GB'. */
  locale: string;
  /** ISO 4217 code in any case, e.g. 'gbp'. */
  currency: string;
};

const MAX_FORMATS = 64;
const formats = new Map<string, Intl.NumberFormat>();

/** Intl.NumberFormat objects are costly to make and a page formats many figures with a few, so they are kept (at most 64). */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= MAX_FORMATS) formats.clear();
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A figure as the wire or a form holds it: "20.00" -> 20, 7.5 -> 7.5; "", null or not a number -> null. */
export function toAmount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Grouped digits with a fixed number of decimals: 1234567.5 -> '1,234,567.50' (en), '1 234 567,50' (fr). */
export function formatNumber(
  value: number,
  options: { locale: string; decimals?: number },
): string {
  const decimals = options.decimals ?? 2;
  return numberFormat(options.locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

const CURRENCY_CODE = /^[a-z]{3}$/i;

function formatCurrency(amount: number, money: BrandMoney, decimals: number): string {
  const symbol = currencySymbol(money.currency);
  // Intl refuses a malformed code; the figure still reads, after the code in capitals.
  if (!CURRENCY_CODE.test(money.currency))
    return `${symbol}${formatNumber(amount, { locale: money.locale, decimals })}`;
  const format = numberFormat(money.locale, {
    style: 'currency',
    currency: money.currency.toUpperCase(),
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return format
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? symbol : part.value))
    .join('');
}

/** Minor units divided by 100 with 2 decimals, with the currency symbol: (1999, gbp) -> '£19.99'. */
export function formatMoney(amountMinor: number, money: BrandMoney): string {
  return formatCurrency(amountMinor / 100, money, 2);
}

/** An amount in major units as an offer states it: '£20' when whole, '£20.50' when it has pence. */
export function formatSavingsAmount(amount: number, money: BrandMoney): string {
  const cents = Math.round(amount * 100);
  return formatCurrency(cents / 100, money, cents % 100 === 0 ? 0 : 2);
}

/** A percentage as an offer states it, at most 2 decimals: 20 -> '20%', 15.5 -> '15.5%'. */
export function formatPercent(value: number, options: { locale: string }): string {
  return numberFormat(options.locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    value / 100,
  );
}
