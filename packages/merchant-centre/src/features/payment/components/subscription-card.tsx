import { useState } from 'react';
import type { PaymentMethod, StripeSubscription } from '@cc/contract';
import { LazyConfirmDialog } from '../../../lib/lazy-confirm-dialog';
import { LoadingButton } from '@cc/ui/loading-button';
import { SubscriptionStatus } from '@cc/ui/subscription-status';
import { buttonClasses, useTheme } from '@cc/ui/theme';
import { useClientConfig } from '../../../lib/brand-context';
import { CardOnFile } from './card-on-file';
import { formatUnixDate, nextBillingDate, pendingCancellationEnd } from './dates';
import { statusLabel } from './status-label';

export type SubscriptionCardProps = {
  /** The plan's name: the {product} of the subscription texts. */
  product: string;
  subscription: StripeSubscription | null;
  paymentLink: string | null;
  onCancel: () => Promise<void>;
  /** Undoes a cancellation that waits for the end of the paid period. */
  onResume: () => Promise<void>;
  /** The default card, or null while none is known. */
  card: PaymentMethod | null;
  onUpdateCard: () => Promise<void>;
};

const FAILED_PAYMENT_STATUSES: ReadonlySet<string> = new Set(['past_due', 'unpaid']);

/**
 * The merchant's subscription: product, status dot (its word in the brand's spelling),
 * the subscribed text, the next billing date (the end of the paid period) while active
 * or the cancel date once canceled, with the day the page stays live until while that
 * is to come; cancel (after confirmation, where going back is the primary choice), and
 * reactivate: at once while the paid period lasts, through the payment link after it.
 * Then the card on file and 'Update card'.
 */
export function SubscriptionCard({
  product,
  subscription,
  paymentLink,
  onCancel,
  onResume,
  card,
  onUpdateCard,
}: SubscriptionCardProps) {
  const theme = useTheme();
  const { locale } = useClientConfig();
  const [isConfirming, setConfirming] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [nowSeconds] = useState(() => Math.floor(Date.now() / 1000));
  const status = subscription?.status ?? 'incomplete';
  const liveUntil = subscription ? pendingCancellationEnd(subscription, nowSeconds) : null;
  const hasEnded = subscription?.status === 'canceled' && liveUntil === null;

  async function confirmCancel() {
    setBusy(true);
    try {
      await onCancel();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <article
      aria-labelledby="subscription-product"
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id="subscription-product" className="text-xl font-bold text-slate-900">
          {product}
        </h3>
        <SubscriptionStatus status={status} label={statusLabel(status, locale)} />
      </div>
      <p className="mt-2 text-sm text-slate-700">
        You are subscribed to the {product} with all features.
      </p>
      <dl className="mt-4 grid gap-1 text-sm">
        {subscription?.status === 'active' && (
          <div className="flex gap-2">
            <dt className="font-semibold text-slate-800">Next billing date</dt>
            <dd className="text-slate-700">{nextBillingDate(subscription)}</dd>
          </div>
        )}
        {subscription?.status === 'canceled' && subscription.canceled_at !== null && (
          <div className="flex gap-2">
            <dt className="font-semibold text-slate-800">Cancelled on</dt>
            <dd className="text-slate-700">{formatUnixDate(subscription.canceled_at)}</dd>
          </div>
        )}
      </dl>
      {liveUntil !== null && (
        <p className="mt-2 text-sm text-slate-700">
          Your page stays live until {formatUnixDate(liveUntil)}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        {subscription?.status === 'active' && (
          <LoadingButton
            variant="secondary"
            isLoading={isBusy}
            loadingText="Please wait..."
            onClick={() => setConfirming(true)}
          >
            Cancel Subscription
          </LoadingButton>
        )}
        {liveUntil !== null && (
          <LoadingButton loadingText="Please wait..." onClick={onResume}>
            Reactivate Subscription
          </LoadingButton>
        )}
        {hasEnded && paymentLink && (
          <a
            href={paymentLink}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses(theme)}
          >
            Reactivate Subscription
          </a>
        )}
      </div>
      {subscription && !hasEnded && (
        <CardOnFile
          card={card}
          hasFailedPayment={FAILED_PAYMENT_STATUSES.has(status)}
          onUpdateCard={onUpdateCard}
        />
      )}
      <LazyConfirmDialog
        isOpen={isConfirming}
        title="Cancel Subscription?"
        confirmLabel="Yes, cancel"
        cancelLabel="No, go back"
        busyLabel="Please wait..."
        isDestructive
        onCancel={() => setConfirming(false)}
        onConfirm={confirmCancel}
      >
        Are you sure you want to cancel your subscription to {product}?
      </LazyConfirmDialog>
    </article>
  );
}
