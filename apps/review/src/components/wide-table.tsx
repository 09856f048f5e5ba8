import type { ReactNode } from 'react';

/**
 * A table wider than a phone: it scrolls sideways in its own white box, so the page (and the
 * console's header) keeps the screen's width. The box takes the keyboard's focus, so arrow
 * keys scroll it too.
 */
export function WideTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-md bg-white shadow"
    >
      {children}
    </div>
  );
}
