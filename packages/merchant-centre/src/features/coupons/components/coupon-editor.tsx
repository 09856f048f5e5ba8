import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Store } from '@cc/contract';
import { Spinner } from '@cc/ui/spinner';
import { buttonClasses, useTheme } from '@cc/ui/theme';
import { useClientConfig } from '../../../lib/brand-context';

/** The frame of the add and edit screens: the title, then the form beside its preview. */
export function CouponEditorFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Your coupon information</h1>
      {children}
    </div>
  );
}

export function CouponEditorColumns({ form, preview }: { form: ReactNode; preview: ReactNode }) {
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div>{form}</div>
      <div>{preview}</div>
    </div>
  );
}

export function CouponEditorLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner size="lg" label="Loading" />
    </div>
  );
}

/** Without a store the title asks the merchant to add their store to the site first. */
export function NoStoreNotice() {
  const config = useClientConfig();
  const theme = useTheme();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">
        ADD YOUR STORE TO {config.siteName}
      </h1>
      <p className="mb-6 text-slate-700">
        Coupons are shown on your store page, so your store comes first.
      </p>
      <Link to="/my-store" className={buttonClasses(theme)}>
        Go to My Store
      </Link>
    </div>
  );
}

/** The way back to the list. */
export function BackToCoupons() {
  const theme = useTheme();
  return (
    <Link to="/coupons" className={buttonClasses(theme, { variant: 'secondary' })}>
      Back to My coupons
    </Link>
  );
}

export type StoreProp = { store: Store };
