import type { ThemeClasses } from '@cc/config';
import { OFFER_LABELS } from '@cc/contract/offer';
import type { OfferLabel } from '@cc/contract/offer';
import type { ReactNode } from 'react';
import { cx } from '../theme/class-names';

/** An icon per visual label; the labels and their texts are defined in @cc/contract/offer. */
const ICON_PATHS: Record<OfferLabel, ReactNode> = {
  sale: (
    <>
      <path d="M3 10.5V4a1 1 0 0 1 1-1h6.5L19 11.5 11.5 19z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </>
  ),
  'free-shipping': (
    <>
      <path d="M2 6h11v9H2zM13 9h4l3 3v3h-7z" />
      <circle cx="6" cy="17" r="1.8" />
      <circle cx="16" cy="17" r="1.8" />
    </>
  ),
  bogo: (
    <>
      <rect x="2.5" y="7" width="8" height="10" rx="1" />
      <rect x="13.5" y="7" width="8" height="10" rx="1" />
      <path d="M6.5 4v3M17.5 4v3" />
    </>
  ),
  freebie: (
    <>
      <rect x="3" y="9" width="18" height="11" rx="1" />
      <path d="M12 9v11M3 13h18M12 9C9 9 7 4 9.5 4S12 9 12 9s0-5 2.5-5S15 9 12 9" />
    </>
  ),
  rebate: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M14.5 9.5c-.5-1-1.5-1.5-2.5-1.5-1.4 0-2.5.8-2.5 2s1.1 1.6 2.5 2 2.5.8 2.5 2-1.1 2-2.5 2c-1 0-2-.5-2.5-1.5M12 6.5V8m0 8v1.5" />
    </>
  ),
  'gift-card': (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="1.5" />
      <path d="M2.5 10h19M8 5.5v13" />
    </>
  ),
};

export type OfferBadgeProps = { type: OfferLabel; theme: Required<ThemeClasses> };

/** The small pill naming the kind of offer, with an icon. */
export function OfferBadge({ type, theme }: OfferBadgeProps) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full border border-current px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide',
        theme.textColor,
        theme.bgColor,
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      >
        {ICON_PATHS[type]}
      </svg>
      {OFFER_LABELS[type]}
    </span>
  );
}
