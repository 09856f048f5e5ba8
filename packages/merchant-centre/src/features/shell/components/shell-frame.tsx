import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';
import { VersionLabel } from './version-label';

/** Header, main and footer: the visible shell, shared by the app and the prerendered landing page. */
export function ShellFrame({
  children,
  after,
  isPrerendered = false,
}: {
  children: ReactNode;
  after?: ReactNode;
  /** Marks the build-time copy, which index.html hides on addresses other than /. */
  isPrerendered?: boolean;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <Header />
      <main className="flex-1" data-prerendered={isPrerendered ? '' : undefined}>
        {children}
      </main>
      <Footer />
      {after}
      <VersionLabel />
    </div>
  );
}
