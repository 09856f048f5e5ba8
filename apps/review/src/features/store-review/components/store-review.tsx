import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '@cc/api/errors';
import { applyFieldErrors } from '@cc/api/field-errors';
import type { ReviewStore } from '@cc/contract';
import { decodeOffer } from '@cc/contract/offer';
import { Banner } from '@cc/ui/banner';
import { LoadingButton } from '@cc/ui/loading-button';
import { StatusBadge } from '../../../components/status-badge';
import { useApproveStoreMutation, useDeclineStoreMutation } from '../../../lib/review-api';
import { useFailureMessage } from '../../../lib/use-auto-hide';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
      <dd className="break-words">{children || '—'}</dd>
    </div>
  );
}

/** One store: details, coupons, the page as shoppers will see it, approve or decline with a reason. */
export function StoreReview({
  entry,
  onDecided,
}: {
  entry: ReviewStore;
  onDecided: (message: string) => void;
}) {
  const { store } = entry;
  const [approve] = useApproveStoreMutation();
  const [decline] = useDeclineStoreMutation();
  const [reason, setReason] = useState('');
  const error = useFailureMessage();
  const [isDeclining, setIsDeclining] = useState(false);
  const contact = [store.contact_first_name, store.contact_last_name].filter(Boolean).join(' ');

  async function onApprove() {
    error.clear();
    onDecided('');
    const result = await approve(store.id);
    if ('error' in result) error.show(errorMessage(result.error));
    else onDecided(`${store.name} approved.`);
  }

  async function onDecline(event: FormEvent) {
    event.preventDefault();
    error.clear();
    setIsDeclining(true);
    try {
      const result = await decline({ id: store.id, reason });
      if ('error' in result) {
        // A blank reason comes back as a field error: show the server's message for it.
        const applied = applyFieldErrors(result.error, (_field, message) => error.show(message), [
          'reason',
        ]);
        if (applied.length === 0) error.show(errorMessage(result.error));
      } else {
        onDecided(`${store.name} declined.`);
        setReason('');
      }
    } finally {
      setIsDeclining(false);
    }
  }

  return (
    <section aria-labelledby="store-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        {store.logo_url && (
          <img
            src={store.logo_url}
            alt={`${store.name} logo`}
            width={120}
            height={40}
            className="h-10 w-30 bg-white object-contain"
          />
        )}
        <h2 id="store-title" className="text-2xl font-bold">
          {store.name}
        </h2>
        <StatusBadge status={entry.status} />
      </div>
      {error.message && <Banner variant="error">{error.message}</Banner>}
      {entry.status === 'declined' && (
        <Banner variant="warning" title="Declined">
          {store.decline_reason}
        </Banner>
      )}

      <dl className="grid gap-3 rounded-lg bg-white p-4 shadow sm:grid-cols-2">
        <Field label="Slug">{store.slug}</Field>
        <Field label="Client">{store.client}</Field>
        <Field label="Website">{store.website_url}</Field>
        <Field label="Affiliate website">{store.affiliate_website_url}</Field>
        <Field label="Contact">{[contact, store.contact_email].filter(Boolean).join(' · ')}</Field>
        <Field label="Account">{entry.owner_email}</Field>
        <Field label="Subscription">{store.stripe_subscription?.status ?? 'none'}</Field>
        <Field label="Public page">{store.url}</Field>
      </dl>

      <div className="flex flex-wrap items-start gap-4 rounded-lg bg-white p-4 shadow">
        <LoadingButton onClick={onApprove} loadingText="Please wait...">
          Approve
        </LoadingButton>
        <form
          className="flex min-w-72 flex-1 flex-col gap-2"
          onSubmit={(event) => void onDecline(event)}
        >
          <label htmlFor="decline-reason" className="text-sm font-semibold">
            Reason for declining (the merchant sees it)
          </label>
          <textarea
            id="decline-reason"
            required
            maxLength={1000}
            rows={2}
            className="rounded border border-slate-300 p-2"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <LoadingButton
            type="submit"
            variant="secondary"
            isLoading={isDeclining}
            onClick={() => undefined}
            className="self-start"
          >
            Decline
          </LoadingButton>
        </form>
      </div>

      <div className="rounded-lg bg-white p-4 shadow">
        <h3 className="mb-2 font-semibold">Coupons ({entry.coupons.length})</h3>
        <ol className="list-decimal pl-6 text-sm">
          {entry.coupons.map((coupon) => {
            const offer = decodeOffer(coupon);
            return (
              <li key={coupon.id}>
                <strong>{offer.title || offer.type}</strong> {coupon.description}
                {coupon.discount_code && (
                  <span className="ml-2 font-mono">[{coupon.discount_code}]</span>
                )}
                <span className="ml-2 text-slate-500">
                  {offer.startsOn ?? 'now'} → {offer.expiresOn ?? 'no expiry'}
                </span>
              </li>
            );
          })}
        </ol>
      </div>

      <div className="rounded-lg bg-white p-4 shadow">
        <h3 className="mb-2 font-semibold">
          Preview as shoppers see it{' '}
          <a
            className="text-sm font-normal underline"
            href={entry.preview_url}
            target="_blank"
            rel="noreferrer"
          >
            open in a new tab
          </a>
        </h3>
        <iframe
          title={`Preview of ${store.name}`}
          src={entry.preview_url}
          className="h-[640px] w-full rounded border"
        />
      </div>

      {entry.actions.length > 0 && (
        <div className="rounded-lg bg-white p-4 shadow">
          <h3 className="mb-2 font-semibold">History</h3>
          <ul className="text-sm">
            {entry.actions.map((action) => (
              <li key={action.id}>
                {new Date(action.created_at).toLocaleString()} · {action.action} by{' '}
                {action.actor_email ?? 'a deleted user'}
                {action.reason && `: ${action.reason}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
