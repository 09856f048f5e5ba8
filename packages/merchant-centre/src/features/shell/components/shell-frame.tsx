import type { ReactNode } from 'react';
import { Footer } from './footer';
import { VersionLabel } from './version-label';

/** Header, main and footer: the visible shell, shared by the app and the prerendered landing page. */
export function ShellFrame({
  header,
  children,
  after,
  isPrerendered = false,
}: {
  /** The app's header, or the landing page's with a visitor's links. */
  header: ReactNode;
  children: ReactNode;
  after?: ReactNode;
  /** Marks the build-time copy, which index.html hides on addresses other than /. */
  isPrerendered?: boolean;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      {header}
      {/* At least a screen tall, so the footer starts below the fold and does not jump down (a layout shift) when a screen's code and data arrive. */}
      <main className="min-h-screen flex-1" data-prerendered={isPrerendered ? '' : undefined}>
        {children}
      </main>
      <Footer />
      {after}
      <VersionLabel />
    </div>
  );
}
