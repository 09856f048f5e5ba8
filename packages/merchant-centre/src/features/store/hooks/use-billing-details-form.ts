import { toast } from '@cc/ui/toast-container';
import * as yup from 'yup';
import { applyFieldErrors, errorMessage, useSaveBillingDetailsMutation } from '@cc/api';
import { MESSAGES, isUkVatNumber } from '@cc/contract';
import type { BillingDetails, BillingDetailsBody } from '@cc/contract';
import { useAppForm } from '../../../lib/form';
import { useCallMessage } from '../../../lib/use-call-message';

export type BillingDetailsValues = BillingDetails;

const FIELDS: readonly (keyof BillingDetailsValues)[] = [
  'billing_name',
  'address_line1',
  'address_line2',
  'city',
  'postal_code',
  'country',
  'vat_number',
];

/** Every field optional; the VAT number, when given, in the UK format (GB123456789, GB123456789012, GBGD001, GBHA500). */
export const billingDetailsSchema = yup.object({
  billing_name: yup.string().max(200).label('Billing name'),
  address_line1: yup.string().max(200).label('Address line 1'),
  address_line2: yup.string().max(200).label('Address line 2'),
  city: yup.string().max(100).label('Town or city'),
  postal_code: yup.string().max(20).label('Postcode'),
  country: yup.string().max(100).label('Country'),
  vat_number: yup
    .string()
    .test('uk-vat', MESSAGES.vatNumberInvalid, (value) => !value?.trim() || isUkVatNumber(value)),
});

/**
 * The billing details form of /my-store: saves what receipts print. The VAT number
 * is sent only where the brand has one (`hasVatNumber`); the server's field errors
 * land on their fields, anything else shows above the button.
 */
export function useBillingDetailsForm(details: BillingDetails, { hasVatNumber }: { hasVatNumber: boolean }) {
  const [save] = useSaveBillingDetailsMutation();
  const formMessage = useCallMessage();
  const form = useAppForm<BillingDetailsValues>({
    initialValues: details,
    validationSchema: billingDetailsSchema,
    enableReinitialize: true,
    onSubmit: async (values, helpers) => {
      formMessage.clear();
      const { vat_number: vatNumber, ...address } = values;
      const body: BillingDetailsBody = hasVatNumber ? { ...address, vat_number: vatNumber } : address;
      const call = save(body);
      const result = await call;
      if (result.error) {
        const applied = applyFieldErrors(result.error, (field, message) => helpers.setFieldError(field, message), FIELDS);
        if (applied.length === 0) formMessage.show(call, errorMessage(result.error));
        return;
      }
      toast.success(MESSAGES.billingDetailsSaved);
    },
  });
  return { ...form, formError: formMessage.message };
}
