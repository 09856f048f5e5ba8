import { useFormik } from 'formik';
import type { FormikConfig, FormikHelpers, FormikValues } from 'formik';
import { useEffect, useRef } from 'react';
import type { ChangeEvent, FocusEvent, FormEvent, KeyboardEvent } from 'react';
import type { Schema } from 'yup';
import { capitalize } from './capitalize';

export type UseAppFormOptions<Values extends FormikValues> = {
  initialValues: Values;
  validationSchema: Schema;
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
  const formik = useFormik<Values>({
    initialValues,
    validationSchema,
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
    return { ...formik.getFieldProps(name) as {
      name: string;
      value: string;
      onChange: (event: ChangeEvent) => void;
      onBlur: (event: FocusEvent) => void;
    }, error: fieldError(name) };
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
