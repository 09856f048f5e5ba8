import type { ClientConfig } from '@cc/config';
import { daysBetween } from '../clock';
import { escapeHtml } from '../html';
import type { CouponRow } from '../repositories/coupons';
import type { FeedbackCounts } from './feedback';

/** Answers a coupon needs before the page shows its success rate. */
export const MIN_ANSWERS_SHOWN = 3;
/** The share of Yes answers that makes a code "Verified" on the page. */
export const VERIFIED_SHARE = 0.7;

/**
 * The expiry cue in the brand's locale: 'Ends today', 'Ends tomorrow', 'Expires 28 Nov'
 * ('Nov 28' in the US), with the year when it is not this year; '' without an end date.
 */
export function expiryCue(expirationDate: string | null, today: string, locale: string): string {
  if (!expirationDate) return '';
  const days = daysBetween(today, expirationDate);
  if (days <= 0) return 'Ends today';
  if (days === 1) return 'Ends tomorrow';
  const sameYear = expirationDate.slice(0, 4) === today.slice(0, 4);
  const date = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${expirationDate}T00:00:00Z`));
  return `Expires ${date}`;
}

/** The feedback cue: 'Verified' when most shoppers said the code worked, and the share who did. */
function feedbackCues(counts: FeedbackCounts | undefined): string[] {
  const answers = counts ? counts.yes + counts.no : 0;
  if (!counts || answers < MIN_ANSWERS_SHOWN) return [];
  const share = counts.yes / answers;
  const rate = `<span class="rate">${Math.round(share * 100)}% say it worked</span>`;
  return share >= VERIFIED_SHARE ? ['<span class="verified">Verified</span>', rate] : [rate];
}

/**
 * One coupon as shoppers see it: the offer once (the card's heading), its description
 * and cues, and the action: 'Show code' (reveals the code with a copy button and opens
 * the merchant through the counted click) or 'Get deal' (the counted click alone).
 */
export function couponCard(params: {
  brand: ClientConfig;
  coupon: CouponRow;
  headline: string;
  href: string;
  today: string;
  feedback: FeedbackCounts | undefined;
}): string {
  const { coupon, brand } = params;
  const id = coupon.id;
  const code = coupon.discountCode.trim();
  const expiry = expiryCue(coupon.expirationDate, params.today, brand.locale);
  const soon = expiry.startsWith('Ends');
  const cues = [
    ...(code ? feedbackCues(params.feedback) : []),
    expiry ? `<span class="expiry${soon ? ' soon' : ''}">${escapeHtml(expiry)}</span>` : '',
  ].filter(Boolean);
  const link = (label: string, extra: string) =>
    `<a class="use${extra}" href="${escapeHtml(params.href)}" target="_blank" rel="noopener nofollow" data-coupon="${id}">${label}</a>`;
  const action = code
    ? `${link(`<span class="label">Show code</span><span class="peek" aria-hidden="true">${escapeHtml(code.slice(-3))}</span>`, ' reveal')}
<div class="code" id="code-${id}" hidden><code>${escapeHtml(code)}</code><button type="button" class="copy" data-code="${escapeHtml(code)}">Copy</button></div>`
    : link('Get deal', ' deal');
  const feedback = code
    ? `<div class="feedback" id="feedback-${id}" data-coupon="${id}" hidden><span>Did this code work?</span>` +
      '<button type="button" data-worked="true">Yes</button><button type="button" data-worked="false">No</button></div>'
    : '';
  return `<li class="coupon" id="coupon-${id}">
<div class="offer"><span class="kind">${code ? 'Code' : 'Deal'}</span><h2>${escapeHtml(params.headline)}</h2></div>
<div class="about"><p>${escapeHtml(coupon.description)}</p>${cues.length ? `<p class="cues">${cues.join('')}</p>` : ''}</div>
<div class="action">${action}</div>
${feedback}</li>`;
}
