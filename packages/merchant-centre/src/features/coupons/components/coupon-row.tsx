import { Link } from 'react-router';
import type { DraggableProvidedDragHandleProps } from '@hello-pangea/dnd';
import type { ScreenCoupon } from '../../../lib/api/coupon-mapper';
import { CouponCard } from '@cc/ui/coupon-card';
import { buttonClasses, linkClasses, useTheme } from '@cc/ui/theme';
import { useClientConfig } from '../../../lib/brand-context';
import { CouponStatsLine } from './coupon-stats-line';
import { offerParts } from './offer-parts';

export type CouponRowProps = {
  coupon: ScreenCoupon;
  position: number;
  total: number;
  dragHandleProps: DraggableProvidedDragHandleProps | null;
  isDragging: boolean;
  onDelete: (coupon: ScreenCoupon) => void;
};

function Dates({ coupon }: { coupon: ScreenCoupon }) {
  return (
    <p>
      {coupon.offer.startsOn && <>Starts {coupon.offer.startsOn}. </>}
      {coupon.offer.expiresOn === null
        ? 'No expiration date.'
        : coupon.offer.expiresOn && <>Expires {coupon.offer.expiresOn}.</>}
      {coupon.code && (
        <>
          {' '}
          Code: <span className="font-mono font-semibold">{coupon.code}</span>
        </>
      )}
    </p>
  );
}

/** One coupon of the list: a drag handle, the coupon card with its Edit link, and Delete. */
export function CouponRow({
  coupon,
  position,
  total,
  dragHandleProps,
  isDragging,
  onDelete,
}: CouponRowProps) {
  const config = useClientConfig();
  const theme = useTheme();
  const parts = offerParts(coupon.offer, config);
  const name = `${parts.offerPrefix ? `${parts.offerPrefix} ` : ''}${parts.offerTitle}`;
  return (
    <div
      className={`flex items-stretch gap-2 rounded-lg ${isDragging ? 'bg-white shadow-lg ring-2 ring-slate-400' : ''}`}
    >
      {total > 1 && (
        <div
          // Until the drag list's code is loaded (dragHandleProps null) the handle does nothing,
          // so it is hidden from assistive technology instead of being a named element with no role.
          {...(dragHandleProps
            ? { ...dragHandleProps, 'aria-label': `Move coupon ${position} of ${total}: ${name}` }
            : { 'aria-hidden': true })}
          className="flex w-10 shrink-0 cursor-grab items-center justify-center rounded-md border border-slate-300 bg-slate-50 text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-800"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
            <circle cx="7" cy="5" r="1.5" />
            <circle cx="13" cy="5" r="1.5" />
            <circle cx="7" cy="10" r="1.5" />
            <circle cx="13" cy="10" r="1.5" />
            <circle cx="7" cy="15" r="1.5" />
            <circle cx="13" cy="15" r="1.5" />
          </svg>
        </div>
      )}
      <CouponCard
        className="min-w-0 flex-1"
        merchantName={coupon.store.name}
        merchantLogoUrl={coupon.store.logoUrl || null}
        storeUrl={coupon.store.websiteUrl}
        {...parts}
        description={coupon.description}
        destinationUrl={coupon.destinationUrl}
        headingLevel={2}
        extraSlot={
          <>
            <Dates coupon={coupon} />
            <CouponStatsLine couponId={coupon.couponId} />
          </>
        }
        editSlot={
          <div className="flex items-center gap-3 sm:flex-col">
            <Link
              to={`/coupons/${coupon.couponId}`}
              aria-label={`Edit coupon ${name}`}
              className={linkClasses(theme)}
            >
              Edit
            </Link>
            <button
              type="button"
              onClick={() => onDelete(coupon)}
              aria-label={`Delete coupon ${name}`}
              className={buttonClasses(theme, { variant: 'secondary' })}
            >
              Delete
            </button>
          </div>
        }
      />
    </div>
  );
}
