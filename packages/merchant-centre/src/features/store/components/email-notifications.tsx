import { errorMessage } from '@cc/api';
import {
  useGetMailPreferencesQuery,
  useSaveMailPreferencesMutation,
} from '../api/mail-preferences';
import { MESSAGES, type MailPreferences, type OptionalMailKind } from '@cc/contract';
import { Banner } from '@cc/ui/banner';
import { Checkbox } from '@cc/ui/checkbox';
import { Spinner } from '@cc/ui/spinner';
import { showToast } from '../../../lib/toast';
import { useClientConfig } from '../../../lib/brand-context';
import { useCallMessage } from '../../../lib/use-call-message';
import { LoadFailedBanner } from '../../../lib/load-failed-banner';

/**
 * 'EMAIL NOTIFICATIONS' on /my-store: the optional emails, each saved as soon as its
 * box changes. Receipts and payment notices always go, so they are not listed.
 */
export function EmailNotificationsSection() {
  const preferences = useGetMailPreferencesQuery();
  return (
    <section
      aria-labelledby="email-notifications"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="email-notifications" className="text-lg font-bold tracking-wide text-slate-900">
        EMAIL NOTIFICATIONS
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-700">
        Receipts and payment notices are always sent. Choose the other emails you want.
      </p>
      {preferences.data ? (
        <EmailNotificationsForm preferences={preferences.data} />
      ) : preferences.isError ? (
        <LoadFailedBanner what="Your email notifications" />
      ) : (
        <Spinner label="Loading email notifications" />
      )}
    </section>
  );
}

function EmailNotificationsForm({ preferences }: { preferences: MailPreferences }) {
  const config = useClientConfig();
  const coupons = (config.discountsText ?? 'Coupons').toLowerCase();
  const [save] = useSaveMailPreferencesMutation();
  const formMessage = useCallMessage();
  const boxes: { kind: OptionalMailKind; label: string }[] = [
    { kind: 'expiring_coupons', label: `When one of my ${coupons} expires in 3 days` },
    { kind: 'expired_coupons', label: `When one of my ${coupons} has expired` },
    {
      kind: 'weekly_summary',
      label: "A weekly summary of my page's views, code reveals and clicks",
    },
  ];

  const change = async (kind: OptionalMailKind, checked: boolean) => {
    formMessage.clear();
    const call = save({ [kind]: checked });
    const result = await call;
    if (result.error) formMessage.show(call, errorMessage(result.error));
    else showToast('success', MESSAGES.mailPreferencesSaved);
  };

  return (
    <fieldset aria-labelledby="email-notifications" className="grid gap-3">
      {boxes.map(({ kind, label }) => (
        <Checkbox
          key={kind}
          name={kind}
          label={label}
          checked={preferences[kind]}
          onChange={(event) => void change(kind, event.currentTarget.checked)}
        />
      ))}
      {formMessage.message && <Banner variant="error" title={formMessage.message} />}
    </fieldset>
  );
}
