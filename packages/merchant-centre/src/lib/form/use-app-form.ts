import { useFormik, validateYupSchema, yupToFormErrors } from 'formik';
import type { FormikConfig, FormikErrors, FormikHelpers, FormikValues } from 'formik';
import { useEffect, useRef } from 'react';
import type { ChangeEvent, FocusEvent, FormEvent, KeyboardEvent } from 'react';
import type { Schema } from 'yup';
import { capitalize } from './capitalize';

/**
 * A form's rules, or a loader of them: with a loader (a dynamic import) yup and the
 * rules are a chunk of their own, fetched as the form shows instead of before the screen.
 */
export type FormSchema = Schema | (() => Promise<Schema>);

/** Formik's own schema validation (empty strings as undefined, every error collected). */
async function schemaErrors<Values extends FormikValues>(
  schema: Schema,
  values: Values,
): Promise<FormikErrors<Values>> {
  try {
    await validateYupSchema(values, schema);
    return {};
  } catch (error) {
    if (error instanceof Error && error.name === 'ValidationError')
      return yupToFormErrors<Values>(error);
    throw error;
  }
}

function loadSchema(schema: FormSchema): Promise<Schema> {
  return typeof schema === 'function' ? schema() : Promise.resolve(schema);
}

export type UseAppFormOptions<Values extends FormikValues> = {
  initialValues: Values;
  validationSchema: FormSchema;
  onSubmit: (values: Values, helpers: FormikHelpers<Values>) => void | Promise<void>;
  /** Enter in a field submits the form; default true. */
  submitByEnter?: boolean;
  /** Every change submits the form (filters, toggles). */
  submitOnChange?: boolean;
  /** Back to the initial values after a submit that did not throw. */
  resetOnSubmit?: boolean;
  enableReinitialize?: FormikConfig<Values>['enableReinitialize'];
};

/**
 * The one form behaviour of SPEC section 5 on top of Formik + Yup: the schema
 * collects all errors and revalidates on change, errors read capitalised, Enter
 * submits unless submitByEnter is false, plus submitOnChange and resetOnSubmit.
 */
export function useAppForm<Values extends FormikValues>({
  initialValues,
  validationSchema,
  onSubmit,
  submitByEnter = true,
  submitOnChange = false,
  resetOnSubmit = false,
  enableReinitialize,
}: UseAppFormOptions<Values>) {
  useEffect(() => {
    // A loaded schema starts loading as the form shows, so the first check does not wait for it.
    loadSchema(validationSchema).catch(() => undefined);
  }, [validationSchema]);
  const formik = useFormik<Values>({
    initialValues,
    validate: async (values) => schemaErrors(await loadSchema(validationSchema), values),
    validateOnChange: true,
    validateOnBlur: true,
    enableReinitialize,
    onSubmit: async (values, helpers) => {
      await onSubmit(values, helpers);
      if (resetOnSubmit) helpers.resetForm();
    },
  });

  const { values, submitForm } = formik;
  const isFirstRender = useRef(true);
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    if (submitOnChange) void submitForm();
  }, [values, submitOnChange, submitForm]);

  /** The field's error once it was touched or a submit was tried, capitalised. */
  function fieldError(name: keyof Values & string): string | undefined {
    const error: unknown = formik.errors[name];
    const shown = Boolean(formik.touched[name]) || formik.submitCount > 0;
    return shown && typeof error === 'string' ? capitalize(error) : undefined;
  }

  /** Props for a @cc/ui input: name, value, onChange, onBlur and the error. */
  function fieldProps(name: keyof Values & string) {
    return {
      ...(formik.getFieldProps(name) as {
        name: string;
        value: string;
        onChange: (event: ChangeEvent) => void;
        onBlur: (event: FocusEvent) => void;
      }),
      error: fieldError(name),
    };
  }

  const formProps = {
    noValidate: true,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void submitForm();
    },
    onKeyDown: (event: KeyboardEvent<HTMLFormElement>) => {
      if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
      event.preventDefault();
      if (submitByEnter) void submitForm();
    },
  };

  return { formik, formProps, fieldProps, fieldError };
}

export type AppForm<Values extends FormikValues> = ReturnType<typeof useAppForm<Values>>;
