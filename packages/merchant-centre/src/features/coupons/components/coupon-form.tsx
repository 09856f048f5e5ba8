import type { ChangeEvent } from 'react';
import { DESCRIPTION_MAX_LENGTH } from '@cc/config';
import { hasSavingsRange, OFFER_TYPE_OPTIONS } from '@cc/contract/offer';
import { Banner } from '@cc/ui/banner';
import { Checkbox } from '@cc/ui/checkbox';
import { CountedInput } from '@cc/ui/counted-input';
import { NumberInput } from '@cc/ui/number-input';
import { Select } from '@cc/ui/select';
import { SubmitButton } from '@cc/ui/submit-button';
import { TextInput } from '@cc/ui/text-input';
import type { AppForm } from '../../../lib/form';
import type { CouponFormValues } from '../coupon-form-values';

export type CouponFormProps = {
  form: AppForm<CouponFormValues>;
  isEditing: boolean;
  formError: string | null;
};

/**
 * 'Your coupon information': Offer Type, Savings (not for free shipping), Min
 * Order Amount (only free shipping), Is Savings Range (sitewide/sale amount and
 * percent), description, Destination URL, code, dates and 'No Expiration Date'.
 */
export function CouponForm({ form, isEditing, formError }: CouponFormProps) {
  const { formik, formProps, fieldProps, fieldError } = form;
  const { values, setFieldValue, setFieldTouched } = formik;
  const isFreeShipping = values.typeId === 'free_shipping';
  const hasRange = hasSavingsRange(values.typeId);

  function checkboxProps(name: 'isSavingsRange' | 'noExpiration') {
    return {
      name,
      checked: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        void setFieldValue(name, event.target.checked),
    };
  }

  return (
    <form
      {...formProps}
      aria-label="Your coupon information"
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <Select
        label="Offer Type"
        name="typeId"
        required
        options={OFFER_TYPE_OPTIONS}
        value={values.typeId || null}
        onChange={(value) => void setFieldValue('typeId', value ?? '')}
        onBlur={() => void setFieldTouched('typeId', true)}
        error={fieldError('typeId')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {!isFreeShipping && <NumberInput label="Savings" {...fieldProps('savings')} />}
        {isFreeShipping && <NumberInput label="Min Order Amount" {...fieldProps('minimum')} />}
      </div>
      {hasRange && <Checkbox label="Is Savings Range" {...checkboxProps('isSavingsRange')} />}
      <CountedInput
        label="Description"
        required
        limit={DESCRIPTION_MAX_LENGTH}
        {...fieldProps('description')}
      />
      <TextInput label="Destination URL" inputMode="url" {...fieldProps('destinationUrl')} />
      <TextInput label="Code" autoComplete="off" {...fieldProps('code')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Start Date" type="date" {...fieldProps('started')} />
        <TextInput
          label="Expiration Date"
          type="date"
          disabled={values.noExpiration}
          {...fieldProps('expired')}
        />
      </div>
      <Checkbox label="No Expiration Date" {...checkboxProps('noExpiration')} />
      {formError && <Banner variant="error" title={formError} />}
      <div className="flex justify-end">
        <SubmitButton isLoading={formik.isSubmitting} className="w-full sm:w-auto">
          {isEditing ? 'Save Changes' : 'Save'}
        </SubmitButton>
      </div>
    </form>
  );
}
