import type { Store } from '@cc/contract';
import { Banner } from '@cc/ui/banner';

/** A store that exists, not approved and not declined, is pending review; a declined one shows its reason. */
export function ReviewBanner({ store }: { store: Store }) {
  if (store.declined) {
    return (
      <Banner variant="error" title="Your store page was declined">
        {store.decline_reason || 'No reason was given.'}
      </Banner>
    );
  }
  if (store.is_approved) return null;
  return <Banner title="Your store page is being reviewed">It goes live once our team has approved it.</Banner>;
}
