import { useExportAccountDataMutation } from '../api/account-data';
import { LoadingButton } from '@cc/ui/loading-button';
import { saveObjectUrl } from '../../../lib/save-csv-file';
import { AccountSection } from './account-section';

/**
 * 'Your data': downloads everything the account holds as one ZIP, fetched with the
 * merchant's session (the call needs the bearer token, so a plain link cannot do it) and
 * saved under the name the server gives. A failure shows through the API's error list.
 */
export function YourDataSection() {
  const [exportData] = useExportAccountDataMutation();

  async function download() {
    const result = await exportData();
    if (result.data) saveObjectUrl(result.data.content, result.data.filename);
  }

  return (
    <AccountSection title="Your data">
      <p className="text-sm text-slate-700">
        Download a ZIP file of everything your account holds: your account and store details, your
        coupons and their daily views and clicks, your orders and invoices, and the devices you are
        signed in on.
      </p>
      <LoadingButton
        variant="secondary"
        loadingText="Preparing..."
        onClick={download}
        className="mt-4"
      >
        Download my data
      </LoadingButton>
    </AccountSection>
  );
}
