import { applyFieldErrors, errorMessage } from '@cc/api';
import { useSaveBillingDetailsMutation } from '../../../lib/api/billing';
import { BILLING_DETAILS_FIELDS, MESSAGES } from '@cc/contract';
import type { BillingDetails, BillingDetailsBody } from '@cc/contract';
import { useAppForm } from '../../../lib/form';
import { showToast } from '../../../lib/toast';
import { useCallMessage } from '../../../lib/use-call-message';

export type BillingDetailsValues = BillingDetails;

/** The billing details' rules, with yup: a chunk of their own, loaded as the form shows. */
const billingDetailsSchema = () =>
  import('../schemas').then((module) => module.billingDetailsSchema);

/**
 * The billing details form of /my-store: saves what receipts print. The VAT number
 * is sent only where the brand has one (`hasVatNumber`); the server's field errors
 * land on their fields, anything else shows above the button.
 */
export function useBillingDetailsForm(
  details: BillingDetails,
  { hasVatNumber }: { hasVatNumber: boolean },
) {
  const [save] = useSaveBillingDetailsMutation();
  const formMessage = useCallMessage();
  const form = useAppForm<BillingDetailsValues>({
    initialValues: details,
    validationSchema: billingDetailsSchema,
    enableReinitialize: true,
    onSubmit: async (values, helpers) => {
      formMessage.clear();
      const { vat_number: vatNumber, ...address } = values;
      const body: BillingDetailsBody = hasVatNumber
        ? { ...address, vat_number: vatNumber }
        : address;
      const call = save(body);
      const result = await call;
      if (result.error) {
        const applied = applyFieldErrors(
          result.error,
          (field, message) => helpers.setFieldError(field, message),
          BILLING_DETAILS_FIELDS,
        );
        if (applied.length === 0) formMessage.show(call, errorMessage(result.error));
        return;
      }
      showToast('success', MESSAGES.billingDetailsSaved);
    },
  });
  return { ...form, formError: formMessage.message };
}
