import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import type { ScreenCoupon } from '../../../lib/api/coupon-mapper';
import { useDeleteCouponMutation } from '../../../lib/api/coupons';
import { LazyConfirmDialog } from '../../../lib/lazy-confirm-dialog';
import { LoadingButton } from '@cc/ui/loading-button';
import { Spinner } from '@cc/ui/spinner';
import { buttonClasses, linkClasses, useTheme } from '@cc/ui/theme';
import { useClientConfig } from '../../../lib/brand-context';
import { AddCouponButton } from '../components/add-coupon-button';
import { CouponList, DRAG_HINT_ID } from '../components/coupon-list';
import { useCouponOrder } from '../hooks/use-coupon-order';
import { useStoreCoupons } from '../hooks/use-store-coupons';
import { LoadFailedBanner } from '../../../lib/load-failed-banner';

/**
 * /coupons: 'My coupons'. No store goes to /my-store, no coupons to /coupons/add;
 * rows reorder by drag or keyboard and 'Save changes' stores the order.
 */
export function CouponListPage() {
  const config = useClientConfig();
  const theme = useTheme();
  const { store, listArgs, coupons, isLoading, isFetching, isError } = useStoreCoupons();
  const order = useCouponOrder(coupons, listArgs);
  const [deleteCoupon] = useDeleteCouponMutation();
  const [toDelete, setToDelete] = useState<ScreenCoupon | null>(null);
  // On arrival an empty list goes to the form; emptied here, the page invites a new coupon.
  // The arrival is judged on fresh data: a cached list may be refetching after a change.
  // A list that failed to load is not an empty one.
  const [isArrivalEmpty, setArrivalEmpty] = useState<boolean | null>(null);
  if (isArrivalEmpty === null && !isLoading && !isFetching && !isError && store)
    setArrivalEmpty(coupons.length === 0);

  if (!isLoading && !store) return <Navigate to="/my-store" replace />;
  if (isError && isArrivalEmpty === null) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="mb-6 text-2xl font-bold text-slate-900">My coupons</h1>
        <LoadFailedBanner what="Your coupons" />
      </div>
    );
  }
  if (isLoading || isArrivalEmpty === null) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label="Loading" />
      </div>
    );
  }
  if (isArrivalEmpty) return <Navigate to="/coupons/add" replace />;

  const count = order.arranged.length;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">My coupons</h1>
        <div className="flex flex-wrap items-center gap-3">
          {order.isDirty && (
            <LoadingButton
              onClick={order.save}
              isLoading={order.isSaving}
              loadingText="Saving changes..."
              variant="secondary"
            >
              Save changes
            </LoadingButton>
          )}
          <AddCouponButton count={count} />
        </div>
      </div>
      {count === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <h2 className="text-lg font-semibold text-slate-900">Create your first coupon</h2>
          <Link to="/coupons/add" className={`${buttonClasses(theme)} mt-4`}>
            Add coupon
          </Link>
        </div>
      ) : (
        <>
          {count > 1 && (
            <p id={DRAG_HINT_ID} className="mb-4 text-sm text-slate-700">
              Drag a coupon by its handle to change the order. With the keyboard: focus the handle,
              press space to lift it, move it with the arrow keys and press space again to drop it.
            </p>
          )}
          <CouponList coupons={order.arranged} onMove={order.move} onDelete={setToDelete} />
        </>
      )}
      <p className="mt-8 text-sm">
        <a href={`mailto:${config.helpEmail ?? ''}`} className={linkClasses(theme)}>
          NEED HELP?
        </a>
      </p>
      <LazyConfirmDialog
        isOpen={toDelete !== null}
        title="Delete coupon?"
        confirmLabel="Yes, delete"
        cancelLabel="No, go back"
        onCancel={() => setToDelete(null)}
        onConfirm={async () => {
          if (toDelete) await deleteCoupon({ couponId: toDelete.couponId });
          setToDelete(null);
        }}
      >
        Are you sure you want to delete the coupon &lsquo;{toDelete?.description}&rsquo;?
      </LazyConfirmDialog>
    </div>
  );
}

export { CouponListPage as Component };
