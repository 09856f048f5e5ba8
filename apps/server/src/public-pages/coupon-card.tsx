import type { ReactElement, ReactNode } from 'react';
import type { ClientConfig } from '@cc/config';
import { FEEDBACK_MIN_ANSWERS } from '@cc/contract/coupon-feedback';
import { daysBetween } from '../core/platform/clock';
import type { CouponRow } from '../coupons/types';
import type { FeedbackCounts } from './feedback';

/** The share of Yes answers that makes a code "Verified" on the page. */
export const VERIFIED_SHARE = 0.7;

/**
 * One date format per brand locale, with and without the year: making an Intl.DateTimeFormat
 * costs far more than using one, and every coupon of every rendered page used to make its own.
 * Bounded by the brands' locales (two entries each).
 */
const expiryFormats = new Map<string, Intl.DateTimeFormat>();
function expiryFormat(locale: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withYear ? 'y' : ''}`;
  let format = expiryFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
    expiryFormats.set(key, format);
  }
  return format;
}

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
  const date = expiryFormat(locale, !sameYear).format(new Date(`${expirationDate}T00:00:00Z`));
  return `Expires ${date}`;
}

/** The feedback cue: 'Verified' when most shoppers said the code worked, and the share who did. */
function feedbackCues(counts: FeedbackCounts | undefined): ReactElement[] {
  const answers = counts ? counts.yes + counts.no : 0;
  if (!counts || answers < FEEDBACK_MIN_ANSWERS) return [];
  const share = counts.yes / answers;
  const rate = (
    <span key="rate" className="rate">
      {Math.round(share * 100)}% say it worked
    </span>
  );
  return share >= VERIFIED_SHARE
    ? [
        <span key="verified" className="verified">
          Verified
        </span>,
        rate,
      ]
    : [rate];
}

/**
 * One coupon as shoppers see it: the offer once (the card's heading), its description
 * and cues, and the action: 'Show code' (reveals the code with a copy button and opens
 * the merchant through the counted click) or 'Get deal' (the counted click alone).
 */
export function CouponCard(props: {
  brand: ClientConfig;
  coupon: CouponRow;
  /** The offer's last day (yyyy-MM-dd), null when it never expires. */
  expiresOn: string | null;
  headline: string;
  href: string;
  today: string;
  feedback: FeedbackCounts | undefined;
}): ReactElement {
  const { coupon, brand } = props;
  const id = coupon.id;
  const code = coupon.discountCode.trim();
  const expiry = expiryCue(props.expiresOn, props.today, brand.locale);
  const soon = expiry.startsWith('Ends');
  const cues = [
    ...(code ? feedbackCues(props.feedback) : []),
    ...(expiry
      ? [
          <span key="expiry" className={soon ? 'expiry soon' : 'expiry'}>
            {expiry}
          </span>,
        ]
      : []),
  ];
  const link = (kind: 'reveal' | 'deal', label: ReactNode) => (
    <a
      className={`use ${kind}`}
      href={props.href}
      target="_blank"
      rel="noopener nofollow"
      data-coupon={id}
    >
      {label}
    </a>
  );
  return (
    <li className="coupon" id={`coupon-${id}`}>
      <div className="offer">
        <span className="kind">{code ? 'Code' : 'Deal'}</span>
        <h2>{props.headline}</h2>
      </div>
      <div className="about">
        <p>{coupon.description}</p>
        {cues.length ? <p className="cues">{cues}</p> : null}
      </div>
      <div className="action">
        {code ? (
          <>
            {link(
              'reveal',
              <>
                <span className="label">Show code</span>
                <span className="peek" aria-hidden="true">
                  {code.slice(-3)}
                </span>
              </>,
            )}
            <div className="code" id={`code-${id}`} hidden>
              <code>{code}</code>
              <button type="button" className="copy" data-code={code}>
                Copy
              </button>
            </div>
          </>
        ) : (
          link('deal', 'Get deal')
        )}
      </div>
      {code ? (
        <div className="feedback" id={`feedback-${id}`} data-coupon={id} hidden>
          <span>Did this code work?</span>
          <button type="button" data-worked="true">
            Yes
          </button>
          <button type="button" data-worked="false">
            No
          </button>
        </div>
      ) : null}
    </li>
  );
}
