import { Spinner } from '@cc/ui/spinner';

/** Shown while a route's code or data loads. */
export function RouteLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner size="lg" label="Loading" />
    </div>
  );
}
