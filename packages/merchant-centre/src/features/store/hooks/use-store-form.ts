import { useNavigate } from 'react-router';
import { toast } from '@cc/ui/toast-container';
import * as yup from 'yup';
import { applyFieldErrors, errorMessage, useCreateStoreMutation, useUpdateStoreMutation } from '@cc/api';
import { storeSlug, withScheme } from '@cc/config';
import { MESSAGES } from '@cc/contract';
import type { Store, StoreUpdateBody } from '@cc/contract';
import { useClientConfig } from '../../../app/brand-context';
import { useAppDispatch } from '../../../app/hooks';
import { useAppForm } from '../../../lib/form';
import { useCallMessage } from '../../../lib/use-call-message';
import { refreshCurrentUser } from '../../session/session';

export type StoreFormValues = {
  name: string;
  website_url: string;
  affiliate_website_url: string;
  logo_url: string;
  contact_first_name: string;
  contact_last_name: string;
  contact_email: string;
};

const FIELDS = Object.keys({
  name: '',
  website_url: '',
  affiliate_website_url: '',
  logo_url: '',
  contact_first_name: '',
  contact_last_name: '',
  contact_email: '',
} satisfies StoreFormValues) as (keyof StoreFormValues)[];

/** Store form: name, url and email required, the email valid; first and last name optional. */
export const storeSchema = yup.object({
  name: yup.string().trim().required().label('Store Name'),
  website_url: yup.string().trim().required().label('Website URL'),
  affiliate_website_url: yup.string().trim(),
  logo_url: yup.string(),
  contact_first_name: yup.string(),
  contact_last_name: yup.string(),
  contact_email: yup.string().trim().required().email().label('Email'),
});

function valuesOf(store: Store | null): StoreFormValues {
  return {
    name: store?.name ?? '',
    website_url: store?.website_url ?? '',
    affiliate_website_url: store?.affiliate_website_url ?? '',
    logo_url: store?.logo_url ?? '',
    contact_first_name: store?.contact_first_name ?? '',
    contact_last_name: store?.contact_last_name ?? '',
    contact_email: store?.contact_email ?? '',
  };
}

/** The editable fields as sent: trimmed, http:// before a bare domain. */
function bodyOf(values: StoreFormValues): Required<StoreUpdateBody> {
  return {
    name: values.name.trim(),
    contact_first_name: values.contact_first_name.trim(),
    contact_last_name: values.contact_last_name.trim(),
    contact_email: values.contact_email.trim(),
    logo_url: values.logo_url,
    website_url: withScheme(values.website_url),
    affiliate_website_url: values.affiliate_website_url.trim() ? withScheme(values.affiliate_website_url) : '',
  };
}

/**
 * Creates the store (then /payment) or saves its changes. A create sends the
 * brand's client id, the slug from the name plus the brand's suffix, and the
 * configured location and primary category.
 */
export function useStoreForm(store: Store | null) {
  const config = useClientConfig();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [createStore] = useCreateStoreMutation();
  const [updateStore] = useUpdateStoreMutation();
  const formMessage = useCallMessage();

  const form = useAppForm<StoreFormValues>({
    initialValues: valuesOf(store),
    validationSchema: storeSchema,
    enableReinitialize: true,
    onSubmit: async (values, helpers) => {
      formMessage.clear();
      const body = bodyOf(values);
      const call = store
        ? updateStore({ slug: store.slug, id: store.id, client: store.client, body })
        : createStore({
            ...body,
            client: config.clientId,
            slug: storeSlug(body.name, config.slugSuffix),
            location: config.location,
            primary_category: config.primaryCategory,
          });
      const result = await call;
      if (result.error) {
        const applied = applyFieldErrors(result.error, (field, message) => helpers.setFieldError(field, message), [
          ...FIELDS,
          'slug',
        ]);
        if (applied.includes('slug')) helpers.setFieldError('name', MESSAGES.slugTaken);
        if (applied.length === 0) formMessage.show(call, errorMessage(result.error));
        return;
      }
      await refreshCurrentUser(dispatch);
      if (store) {
        toast.success(MESSAGES.changesSaved);
      } else {
        await navigate('/payment');
      }
    },
  });

  return { ...form, formError: formMessage.message, slug: storeSlug(form.formik.values.name, config.slugSuffix) };
}
