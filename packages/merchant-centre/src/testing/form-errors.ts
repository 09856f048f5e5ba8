import { validateYupSchema, yupToFormErrors } from 'formik';
import type { Schema } from 'yup';

/** A form's errors as Formik reads its schema (an empty input as no value): every field's first message. */
export async function formErrors(schema: Schema, values: object): Promise<Record<string, string>> {
  try {
    await validateYupSchema(values, schema);
    return {};
  } catch (error) {
    return yupToFormErrors(error) as Record<string, string>;
  }
}
