import { ACCOUNT_MESSAGES } from '@cc/contract';
import type { Store } from '@cc/contract';
import { Banner } from '@cc/ui/banner';

/**
 * A store that exists, not approved and not declined, is pending review (or waits for its
 * owner to verify their email first); a declined one shows its reason.
 */
export function ReviewBanner({ store }: { store: Store }) {
  if (store.declined) {
    return (
      <Banner variant="error" title="Your store page was declined">
        {store.decline_reason || 'No reason was given.'}
      </Banner>
    );
  }
  if (store.is_approved) return null;
  // The review waits for the owner's verified email.
  if (store.awaiting_email_verification) {
    return <Banner variant="warning" title={ACCOUNT_MESSAGES.verifyBeforeReview} />;
  }
  return (
    <Banner title="Your store page is being reviewed">
      It goes live once our team has approved it.
    </Banner>
  );
}
