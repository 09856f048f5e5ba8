import { LOGO_HEIGHT, LOGO_WIDTH } from '@cc/config';
import type { ThemeClasses } from '@cc/config';
import type { OfferLabel } from '@cc/contract/offer';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { buttonClasses, cx, focusRing } from '../theme/class-names';
import { useTheme } from '../theme/theme-context';
import { OfferBadge } from './offer-badge';

export type CouponCardProps = {
  merchantName: string;
  /** The store's logo (120x40); initials are shown when absent or when it fails to load. */
  merchantLogoUrl?: string | null;
  /** The store's public page; the logo links to it. */
  storeUrl: string;
  offerType: OfferLabel;
  /** Above the title, e.g. 'UP TO'. */
  offerPrefix?: string | null;
  /** The headline, e.g. '20% OFF', '£10 OFF', 'Free Shipping'. */
  offerTitle: string;
  /** After the title, e.g. 'Sitewide'. */
  offerSuffix?: string | null;
  description: string;
  /** Where 'Use Coupon' goes (new tab). */
  destinationUrl: string;
  /** An Edit link (the app passes its router link). */
  editSlot?: ReactNode;
  /** Anything else for the card's footer, e.g. stats. */
  extraSlot?: ReactNode;
  /** Level of the offer heading inside the page; 3 by default. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
  theme?: Partial<ThemeClasses>;
};

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/**
 * A coupon as the coupon site shows it: merchant logo (linking to the store),
 * merchant name, offer label, prefix/title/suffix, description and a 'Use
 * Coupon' link opening the destination in a new tab; plus slots for an Edit link
 * and extras.
 */
export function CouponCard({
  merchantName,
  merchantLogoUrl,
  storeUrl,
  offerType,
  offerPrefix,
  offerTitle,
  offerSuffix,
  description,
  destinationUrl,
  editSlot,
  extraSlot,
  headingLevel = 3,
  className,
  theme,
}: CouponCardProps) {
  const resolved = useTheme(theme);
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const hasLogo = Boolean(merchantLogoUrl) && failedLogo !== merchantLogoUrl;
  const titleId = useId();
  const newTabId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      aria-labelledby={titleId}
      className={cx(
        'grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-center',
        className,
      )}
    >
      <div className="flex items-center gap-3 sm:w-32 sm:flex-col sm:items-center sm:text-center">
        <a
          href={storeUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={hasLogo ? undefined : `${merchantName} store page`}
          className={cx('block shrink-0 rounded', focusRing(resolved))}
        >
          {hasLogo && merchantLogoUrl ? (
            <img
              src={merchantLogoUrl}
              onError={() => setFailedLogo(merchantLogoUrl)}
              alt={`${merchantName} logo`}
              width={LOGO_WIDTH}
              height={LOGO_HEIGHT}
              className="h-10 w-[120px] object-contain"
            />
          ) : (
            <span
              aria-hidden="true"
              className={cx(
                'flex h-10 w-[120px] items-center justify-center rounded text-sm font-bold text-white',
                resolved.primaryColor,
              )}
            >
              {initials(merchantName)}
            </span>
          )}
        </a>
        <p className="min-w-0 break-words text-sm font-medium text-slate-700">{merchantName}</p>
      </div>

      <div className="min-w-0">
        <OfferBadge type={offerType} theme={resolved} />
        <Heading
          id={titleId}
          className={cx('mt-2 break-words font-extrabold leading-tight', resolved.textColor)}
        >
          {offerPrefix && (
            <span className="block text-sm font-bold uppercase tracking-wide">{offerPrefix}</span>
          )}
          {offerPrefix && ' '}
          <span className="text-2xl">{offerTitle}</span>
          {offerSuffix && ' '}
          {offerSuffix && <span className="text-lg font-bold">{offerSuffix}</span>}
        </Heading>
        {description && <p className="mt-1 break-words text-sm text-slate-700">{description}</p>}
        {extraSlot && <div className="mt-2 text-sm text-slate-700">{extraSlot}</div>}
      </div>

      <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-stretch">
        <a
          href={destinationUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={newTabId}
          className={buttonClasses(resolved)}
        >
          Use Coupon
        </a>
        <span id={newTabId} hidden>
          Opens in a new tab
        </span>
        {editSlot && <div className="text-sm sm:text-center">{editSlot}</div>}
      </div>
    </article>
  );
}
