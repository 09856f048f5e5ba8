import { useEffect, useRef } from 'react';
import type { HeaderLinks } from './visitor-links';

/** The header's menu on small screens: a modal dialog with the same links. */
export function MenuDialog({
  isOpen,
  onClose,
  links: Links,
}: {
  isOpen: boolean;
  onClose: () => void;
  links: HeaderLinks;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen, onClose]);

  if (!isOpen) return null;
  return (
    <div className="fixed inset-0 z-40 md:hidden">
      <div className="absolute inset-0 bg-slate-900/40" aria-hidden="true" onClick={onClose} />
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="absolute inset-y-0 right-0 flex w-72 max-w-full flex-col gap-4 bg-white p-4 shadow-xl"
      >
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          className="self-end rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          Close menu
        </button>
        <nav aria-label="Main">
          <Links layout="menu" onNavigate={onClose} />
        </nav>
      </div>
    </div>
  );
}
