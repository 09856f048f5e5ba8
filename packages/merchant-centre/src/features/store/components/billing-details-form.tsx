import { useGetBillingDetailsQuery } from '../../../lib/api/billing';
import { VAT_NUMBER_CLIENT } from '@cc/contract';
import type { BillingDetails } from '@cc/contract';
import { Banner } from '@cc/ui/banner';
import { Spinner } from '@cc/ui/spinner';
import { SubmitButton } from '@cc/ui/submit-button';
import { TextInput } from '@cc/ui/text-input';
import { useClientConfig } from '../../../lib/brand-context';
import { useBillingDetailsForm } from '../hooks/use-billing-details-form';
import { LoadFailedBanner } from '../../../lib/load-failed-banner';

/**
 * 'BILLING DETAILS': the name and address printed on the merchant's receipts and,
 * on the UK site only, an optional VAT number.
 */
export function BillingDetailsSection() {
  const details = useGetBillingDetailsQuery();
  return (
    <section
      aria-labelledby="billing-details"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="billing-details" className="text-lg font-bold tracking-wide text-slate-900">
        BILLING DETAILS
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-700">Printed on your receipts.</p>
      {details.data ? (
        <BillingDetailsForm details={details.data} />
      ) : details.isError ? (
        <LoadFailedBanner what="Your billing details" />
      ) : (
        <Spinner label="Loading billing details" />
      )}
    </section>
  );
}

function BillingDetailsForm({ details }: { details: BillingDetails }) {
  const { clientId } = useClientConfig();
  const hasVatNumber = clientId === VAT_NUMBER_CLIENT;
  const form = useBillingDetailsForm(details, { hasVatNumber });
  const { formik, formProps, fieldProps } = form;
  return (
    <form {...formProps} aria-labelledby="billing-details" className="grid gap-4 sm:grid-cols-2">
      <TextInput
        label="Billing name"
        autoComplete="organization"
        className="sm:col-span-2"
        {...fieldProps('billing_name')}
      />
      <TextInput
        label="Address line 1"
        autoComplete="address-line1"
        {...fieldProps('address_line1')}
      />
      <TextInput
        label="Address line 2"
        autoComplete="address-line2"
        {...fieldProps('address_line2')}
      />
      <TextInput label="Town or city" autoComplete="address-level2" {...fieldProps('city')} />
      <TextInput
        label={hasVatNumber ? 'Postcode' : 'ZIP code'}
        autoComplete="postal-code"
        {...fieldProps('postal_code')}
      />
      <TextInput label="Country" autoComplete="country-name" {...fieldProps('country')} />
      {hasVatNumber && (
        <TextInput
          label="VAT number"
          placeholder="Optional"
          hint="For example GB123456789."
          autoCapitalize="characters"
          {...fieldProps('vat_number')}
        />
      )}
      {form.formError && (
        <div className="sm:col-span-2">
          <Banner variant="error" title={form.formError} />
        </div>
      )}
      <div className="flex justify-end sm:col-span-2">
        <SubmitButton isLoading={formik.isSubmitting} className="w-full sm:w-auto">
          SAVE BILLING DETAILS
        </SubmitButton>
      </div>
    </form>
  );
}
