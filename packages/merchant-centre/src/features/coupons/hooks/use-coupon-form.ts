import { useNavigate } from 'react-router';
import type { ScreenCoupon } from '../../../lib/api/coupon-mapper';
import { applyFieldErrors, errorMessage } from '@cc/api';
import { toCouponBody, type CouponFormValues } from '../coupon-form-values';
import { useCreateCouponMutation, useUpdateCouponMutation } from '../../../lib/api/coupons';
import { MESSAGES } from '@cc/contract';
import { useClientConfig } from '../../../lib/brand-context';
import { useAppForm } from '../../../lib/form';
import { showToast } from '../../../lib/toast';
import { useCallMessage } from '../../../lib/use-call-message';

/** The coupon form's rules, with yup: a chunk of their own, loaded as the form shows. */
export const couponSchema = () => import('../schemas').then((module) => module.couponSchema);

/** Wire field -> the form field its error belongs to. */
const ERROR_FIELDS: Readonly<Record<string, keyof CouponFormValues>> = {
  offer_type: 'typeId',
  description: 'description',
  title: 'description',
  savings_amount: 'savings',
  savings_percent: 'savings',
  savings_minimum_order: 'minimum',
  minimum_order_amount: 'minimum',
  custom_url: 'destinationUrl',
  destination_coupon_url: 'destinationUrl',
  destination_affiliate_url: 'destinationUrl',
  discount_code: 'code',
  start_date: 'started',
  expiration_date: 'expired',
};

/**
 * Creates a coupon or saves changes to one; always approved, numbers converted,
 * dates yyyy-MM-dd or null. Success toasts then /coupons; server field errors go
 * on their fields, any other failure above the button until its item hides.
 */
export function useCouponForm(options: {
  merchantId: number;
  initial: CouponFormValues;
  coupon: ScreenCoupon | null;
}) {
  const { merchantId, initial, coupon } = options;
  const config = useClientConfig();
  const navigate = useNavigate();
  const [createCoupon] = useCreateCouponMutation();
  const [updateCoupon] = useUpdateCouponMutation();
  const formMessage = useCallMessage();

  const form = useAppForm<CouponFormValues>({
    initialValues: initial,
    validationSchema: couponSchema,
    onSubmit: async (values, helpers) => {
      formMessage.clear();
      const body = toCouponBody(values, { merchantId, money: config });
      const call = coupon ? updateCoupon({ couponId: coupon.couponId, body }) : createCoupon(body);
      const result = await call;
      if (result.error) {
        const fieldsSet = new Set<string>();
        const formMessages: string[] = [];
        const applied = applyFieldErrors(
          result.error,
          (field, message) => {
            const target = ERROR_FIELDS[field];
            if (target && !fieldsSet.has(target)) {
              fieldsSet.add(target);
              helpers.setFieldError(target, message);
            } else if (!target) {
              formMessages.push(message);
            }
          },
          [...Object.keys(ERROR_FIELDS), 'non_field_errors', 'store', 'detail'],
        );
        const message = applied.length === 0 ? errorMessage(result.error) : formMessages[0];
        if (message) formMessage.show(call, message);
        return;
      }
      showToast('success', coupon ? MESSAGES.changesSaved : MESSAGES.couponCreated);
      await navigate('/coupons');
    },
  });

  return { ...form, formError: formMessage.message };
}
