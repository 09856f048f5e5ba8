import { useBrand } from '../../../app/brand-context';

/** The app version at the bottom-right corner. */
export function VersionLabel() {
  const { version } = useBrand();
  return (
    <p
      aria-label={`Version ${version}`}
      className="pointer-events-none fixed bottom-1 right-2 z-10 text-xs text-slate-600"
    >
      {version}
    </p>
  );
}
