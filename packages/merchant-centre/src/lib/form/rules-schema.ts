import * as yup from 'yup';
import {
  hasShape,
  maxLengthMessage,
  MESSAGES,
  minLengthMessage,
  SHAPE_MESSAGES,
} from '@cc/contract';
import type { BodyRules, FieldRule } from '@cc/contract';
import { toAmount } from '@cc/contract/money';

// Not exported from ./index: this module brings yup, which loads with a form's schema
// (features/*/schemas.ts, a loader passed to useAppForm), not with the screen.

/** While form field `field` holds `is`, a field is not checked: the form does not send it then (it is hidden). */
export type SkipCondition = { readonly field: string; readonly is: unknown };

/** A field's rules as a yup schema, the rules in the order `checkBody` applies them. */
function fieldSchema(rule: FieldRule, formNameOf: (wireField: string) => string): yup.StringSchema {
  let schema = yup.string();
  if (rule.trim) schema = schema.trim();
  if (rule.required) schema = schema.required(MESSAGES.required);
  if (rule.maxLength !== undefined)
    schema = schema.max(rule.maxLength, maxLengthMessage(rule.maxLength));
  if (rule.minLength !== undefined)
    schema = schema.min(rule.minLength, minLengthMessage(rule.minLength));
  const { shape } = rule;
  if (shape === 'amount') {
    // The input holds text; what is checked is the figure the form sends (coupon-mapper: toAmount).
    schema = schema.test(shape, SHAPE_MESSAGES[shape], (value) => {
      const figure = toAmount(value);
      return figure === null || hasShape(shape, figure);
    });
  } else if (shape !== undefined) {
    schema = schema.test(shape, SHAPE_MESSAGES[shape], (value) => !value || hasShape(shape, value));
  }
  // Tests rather than yup's oneOf, which runs before every test and would say its message first.
  const { oneOf, sameAs } = rule;
  if (oneOf !== undefined)
    schema = schema.test(
      'one-of',
      MESSAGES.invalidChoice,
      (value) => !value || oneOf.includes(value),
    );
  if (sameAs !== undefined) {
    const other = formNameOf(sameAs);
    schema = schema.test(
      'same-as',
      MESSAGES.passwordsDontMatch,
      (value, context) => !value || value === (context.parent as Record<string, unknown>)[other],
    );
  }
  return schema;
}

/**
 * A form's yup schema built from the contract's rules for the body it sends, so the form
 * refuses what the server refuses, with the server's message. `fields` names each form field
 * and the wire field it travels as (the form's mapper knows the map); the form
 * fields `skipWhen` leaves unchecked while another holds a value, as the form then does not send them.
 */
export function rulesSchema<FormField extends string, WireField extends string>({
  rules,
  fields,
  skipWhen = {},
}: {
  rules: BodyRules<WireField>;
  fields: Readonly<Record<FormField, WireField>>;
  skipWhen?: Partial<Record<FormField, SkipCondition>>;
}) {
  const formFields = Object.keys(fields) as FormField[];
  const formNameOf = (wireField: string) =>
    formFields.find((field) => fields[field] === wireField) ?? wireField;
  const shape = Object.fromEntries(
    formFields.map((field) => {
      const schema = fieldSchema(rules[fields[field]], formNameOf);
      const skip = skipWhen[field];
      return [
        field,
        skip ? schema.when(skip.field, { is: skip.is, then: () => yup.string() }) : schema,
      ];
    }),
  ) as Record<FormField, yup.StringSchema>;
  return yup.object(shape);
}

/** The form's own second entry of a password (it has no wire field): required, the same as `field`. */
export function confirmationOf(field: string) {
  return yup
    .string()
    .required(MESSAGES.required)
    .oneOf([yup.ref(field)], MESSAGES.passwordsDontMatch);
}
