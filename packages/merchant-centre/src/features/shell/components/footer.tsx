import { useBrand } from '../../../lib/brand-context';

/** Copyright with the current year. */
export function Footer() {
  const { config } = useBrand();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-700">
        © {new Date().getFullYear()} {config.siteName}. All rights reserved.
      </div>
    </footer>
  );
}
