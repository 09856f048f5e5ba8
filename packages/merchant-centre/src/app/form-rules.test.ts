import { validateYupSchema, yupToFormErrors } from 'formik';
import { describe, expect, it } from 'vitest';
import type { Schema } from 'yup';
import { STORE_WIRE_FIELDS } from '../features/store/api/store-mapper';
import type { StoreDraft } from '../features/store/api/store-mapper';
import { CLIENTS } from '@cc/config';
import {
  COUPON_RULE_CASES,
  isPercentType,
  isSavingsRangeTitle,
  LOGIN_RULE_CASES,
  NEW_PASSWORD_RULE_CASES,
  PASSWORD_REMINDER_RULE_CASES,
  REGISTER_RULE_CASES,
  STORE_RULE_CASES,
} from '@cc/contract';
import type { CouponRuleBody, OfferType } from '@cc/contract';
import { loginSchema, newPasswordSchema, passwordReminderSchema, registerSchema } from '../features/auth/schemas';
import { couponSchema } from '../features/coupons/schemas';
import { toCouponBody, type CouponFormValues } from '../features/coupons/coupon-form-values';
import { storeSchema } from '../features/store/schemas';

// The same table the server test posts to the real routes (packages/contract/src/rules/cases.ts):
// each form must accept or refuse each input as the server does, with the server's message.

/** The form's errors as Formik reads the schema: every field's first message. */
async function formErrors(schema: Schema, values: object): Promise<Record<string, string>> {
  try {
    await validateYupSchema(values, schema);
    return {};
  } catch (error) {
    return yupToFormErrors(error) as Record<string, string>;
  }
}

/** Form errors under the wire fields the server answers with. */
function byWireField(errors: Record<string, string>, wireFields: (field: string) => string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).flatMap(([field, message]) => wireFields(field).map((wire) => [wire, message])));
}

describe('store form rules agree with the server', () => {
  const wireOf = (field: string) => [STORE_WIRE_FIELDS[field as keyof StoreDraft]];
  it.each(STORE_RULE_CASES)('$rule', async ({ body, errors }) => {
    const values = Object.fromEntries(
      (Object.keys(STORE_WIRE_FIELDS) as (keyof StoreDraft)[]).map((field) => [field, body[STORE_WIRE_FIELDS[field]]]),
    );
    expect(byWireField(await formErrors(storeSchema, values), wireOf)).toEqual(errors);
  });
});

/** The coupon form holding what reaches the server as `body`. */
function couponValues(body: CouponRuleBody): CouponFormValues {
  const savings = isPercentType(body.offer_type) ? body.savings_percent : body.savings_amount;
  return {
    typeId: body.offer_type as OfferType,
    savings: savings === null ? '' : String(savings),
    minimum: body.savings_minimum_order === null ? '' : String(body.savings_minimum_order),
    isSavingsRange: isSavingsRangeTitle(body.title),
    description: body.description,
    destinationUrl: body.destination_coupon_url,
    code: body.discount_code,
    started: body.start_date ?? '',
    expired: body.expiration_date ?? '',
    noExpiration: body.expiration_date === null,
  };
}

describe('coupon form rules agree with the server', () => {
  const wireFields = (typeId: string) => (field: string): string[] => {
    const map: Record<string, string[]> = {
      typeId: ['offer_type'],
      description: ['description'],
      savings: [isPercentType(typeId) ? 'savings_percent' : 'savings_amount'],
      minimum: ['savings_minimum_order'],
      code: ['discount_code'],
      destinationUrl: ['custom_url', 'destination_coupon_url', 'destination_affiliate_url'],
      started: ['start_date'],
      expired: ['expiration_date'],
    };
    return map[field] ?? [field];
  };

  it.each(COUPON_RULE_CASES)('$rule', async ({ body, errors }) => {
    const values = couponValues(body);
    expect(byWireField(await formErrors(couponSchema, values), wireFields(body.offer_type))).toEqual(errors);
    if (Object.keys(errors).length > 0) return;
    // What the form sends for these values is the body the server accepted.
    const sent = toCouponBody(values, { merchantId: 1, money: CLIENTS[7] });
    const { description: _description, title: _title, ...rest } = body;
    expect(sent).toMatchObject(rest);
  });
});

describe('sign-in and password form rules agree with the server', () => {
  it.each(LOGIN_RULE_CASES)('login: $rule', async ({ body, errors }) => {
    expect(await formErrors(loginSchema, body)).toEqual(errors);
  });

  it.each(PASSWORD_REMINDER_RULE_CASES)('password reminder: $rule', async ({ body, errors }) => {
    expect(await formErrors(passwordReminderSchema, body)).toEqual(errors);
  });

  it.each(REGISTER_RULE_CASES)('register: $rule', async ({ body, errors }) => {
    expect(await formErrors(registerSchema, body)).toEqual(errors);
  });

  it.each(NEW_PASSWORD_RULE_CASES)('set new password: $rule', async ({ body, errors }) => {
    // The confirmation is the form's own; the server is sent the password alone.
    const { confirmPassword: _confirmation, ...formErrorsOfPassword } = await formErrors(newPasswordSchema, {
      ...body,
      confirmPassword: body.password,
    });
    expect(formErrorsOfPassword).toEqual(errors);
  });
});
