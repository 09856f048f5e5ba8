import type { ReactNode } from 'react';
import { Spinner } from '@cc/ui/spinner';

/** A merchant screen's title over a loading state, until the screen itself is built. */
export function MerchantPlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
      <div className="flex justify-center py-16">
        <Spinner size="lg" label="Loading" />
      </div>
    </div>
  );
}
