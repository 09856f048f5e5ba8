import { Link } from 'react-router';
import { MAX_COUPONS_PER_STORE } from '@cc/config';
import { MESSAGES } from '@cc/contract';
import { buttonClasses, useTheme } from '@cc/ui/theme';

export const ADD_COUPON_TEXT = 'Add coupon';

/** The add button while fewer than 10 coupons exist; at exactly 10 a greyed, inert one. */
export function AddCouponButton({ count }: { count: number }) {
  const theme = useTheme();
  if (count < MAX_COUPONS_PER_STORE) {
    return (
      <Link to="/coupons/add" className={buttonClasses(theme)}>
        {ADD_COUPON_TEXT}
      </Link>
    );
  }
  if (count !== MAX_COUPONS_PER_STORE) return null;
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <button
        type="button"
        disabled
        aria-describedby="coupon-limit-note"
        className={buttonClasses(theme)}
      >
        {ADD_COUPON_TEXT}
      </button>
      <span id="coupon-limit-note" className="text-xs text-slate-600">
        {MESSAGES.couponLimit}
      </span>
    </span>
  );
}
