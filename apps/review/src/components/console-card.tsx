import type { ReactNode } from 'react';

/** A page of one task on its own (sign in, the second step, an invitation): a narrow white card under its title. */
export function ConsoleCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-4 mt-16 max-w-sm rounded-lg bg-white p-6 shadow sm:mx-auto">
      <h2 className="mb-4 text-xl font-bold">{title}</h2>
      {children}
    </main>
  );
}
