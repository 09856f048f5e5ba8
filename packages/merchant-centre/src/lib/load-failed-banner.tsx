import { Banner } from '@cc/ui/banner';

/** A screen section whose data could not be read: what it is, and that a reload tries again. */
export function LoadFailedBanner({ what, className }: { what: string; className?: string }) {
  return (
    <Banner
      variant="error"
      className={className}
      title={`${what} could not be loaded. Reload the page to try again.`}
    />
  );
}
