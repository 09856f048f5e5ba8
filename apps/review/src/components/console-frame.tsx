import type { ReactNode } from 'react';

/** The console's page: its dark header bar naming it (with `actions` at the right, when signed in) above the screen. */
export function ConsoleFrame({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-screen text-slate-900">
      <header className="flex flex-wrap items-center justify-between gap-2 bg-slate-800 px-6 py-3 text-white">
        <h1 className="text-lg font-bold">Store review</h1>
        {actions}
      </header>
      {children}
    </div>
  );
}
