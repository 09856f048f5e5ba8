import { Link } from 'react-router';
import { storePageState } from '../../../lib/api/store-page-state';
import type { Store } from '@cc/contract';
import { Banner } from '@cc/ui/banner';
import { linkClasses, useTheme } from '@cc/ui/theme';
import { useClientConfig } from '../../../lib/brand-context';

/**
 * Why the coupon page is or is not live: waiting for review, declined (with the
 * reason and how to send it back), approved but not paid, or live (with its link).
 */
export function StoreStatusPanel({ store }: { store: Store }) {
  const theme = useTheme();
  const config = useClientConfig();
  switch (storePageState(store)) {
    case 'declined':
      return (
        <Banner variant="error" title="Your store page was declined">
          <p>{store.decline_reason || 'No reason was given.'}</p>
          <p className="mt-1">
            Change your store information on{' '}
            <Link to="/my-store" className={linkClasses(theme)}>
              My Store
            </Link>{' '}
            and save it to send it for review again.
          </p>
        </Banner>
      );
    case 'in-review':
      return (
        <Banner title="Waiting for review">
          This is a preview of your coupon page. Shoppers can see it once our team has approved it.
        </Banner>
      );
    case 'not-paid':
      return (
        <Banner variant="warning" title="Approved, not live yet">
          Your coupon page goes live once your subscription is active. Subscribe on the{' '}
          <Link to="/payment" className={linkClasses(theme)}>
            Payment
          </Link>{' '}
          page.
        </Banner>
      );
    case 'live':
      return (
        <Banner title="Your coupon page is live">
          <a
            href={`${config.storePagePath}${store.slug}`}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClasses(theme)}
          >
            Open your live coupon page
          </a>
        </Banner>
      );
  }
}
