import { lazy, Suspense } from 'react';
import type { CouponPreviewProps } from './coupon-preview-card';

const loadPreviewCard = () => import('./coupon-preview-card');
const CouponPreviewCard = lazy(() =>
  loadPreviewCard().then((module) => ({ default: module.CouponPreviewCard })),
);

/** Starts fetching the preview's card (with the offer headline rules, a chunk of its own) beside the screen's data. */
export function preloadCouponPreview(): void {
  loadPreviewCard().catch(() => {
    // Fetched again when the preview renders; a failure then reaches the route's error screen.
  });
}

/**
 * The live preview beside the form. The card's code loads while the screen waits for
 * its data, so it is there as the form shows.
 */
export function CouponPreview(props: CouponPreviewProps) {
  return (
    <section aria-labelledby="coupon-preview-title" className="lg:sticky lg:top-4">
      <h2 id="coupon-preview-title" className="mb-3 text-lg font-bold text-slate-900">
        Preview
      </h2>
      <Suspense fallback={null}>
        <CouponPreviewCard {...props} />
      </Suspense>
    </section>
  );
}
