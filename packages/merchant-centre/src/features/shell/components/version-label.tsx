import { useBrand } from '../../../lib/brand-context';

/**
 * The app version at the bottom-right corner: fixed there on wide screens; on phones it
 * closes the page under the footer so it never covers a button.
 */
export function VersionLabel() {
  const { version } = useBrand();
  return (
    <p
      aria-label={`Version ${version}`}
      className="pointer-events-none bg-white px-2 pb-1 text-right text-xs text-slate-600 sm:fixed sm:bottom-1 sm:right-2 sm:z-10 sm:bg-transparent sm:p-0"
    >
      {version}
    </p>
  );
}
