import { useNavigate } from 'react-router';
import { applyFieldErrors, errorMessage } from '@cc/api';
import {
  STORE_WIRE_FIELDS,
  storeDraftField,
  toScreenStore,
  toStoreBody,
  toStoreCreateBody,
  toStoreDraft,
} from '../api/store-mapper';
import { useCreateStoreMutation, useUpdateStoreMutation } from '../api/stores';
import type { StoreDraft } from '../api/store-mapper';
import { storeSlug } from '@cc/config';
import { MESSAGES } from '@cc/contract';
import type { Store } from '@cc/contract';
import { useClientConfig } from '../../../lib/brand-context';
import { useAppDispatch } from '../../../lib/hooks';
import { useAppForm } from '../../../lib/form';
import { useCallMessage } from '../../../lib/use-call-message';
import { refreshCurrentUser } from '../../../lib/session/session';
import { showToast } from '../../../lib/toast';

/** What the store form holds: the store's draft in camelCase (see @cc/api's store mapper). */
export type StoreFormValues = StoreDraft;

/** The store form's rules, with yup: a chunk of their own, loaded as the form shows. */
export const storeSchema = () => import('../schemas').then((module) => module.storeSchema);

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
    initialValues: toStoreDraft(store && toScreenStore(store)),
    validationSchema: storeSchema,
    enableReinitialize: true,
    onSubmit: async (values, helpers) => {
      formMessage.clear();
      const call = store
        ? updateStore({
            slug: store.slug,
            id: store.id,
            client: store.client,
            body: toStoreBody(values),
          })
        : createStore(toStoreCreateBody(values, config));
      const result = await call;
      if (result.error) {
        const applied = applyFieldErrors(
          result.error,
          (field, message) => {
            const target = storeDraftField(field);
            if (target) helpers.setFieldError(target, message);
          },
          [...Object.values(STORE_WIRE_FIELDS), 'slug'],
        );
        if (applied.includes('slug')) helpers.setFieldError('name', MESSAGES.slugTaken);
        if (applied.length === 0) formMessage.show(call, errorMessage(result.error));
        return;
      }
      await refreshCurrentUser(dispatch);
      if (store) {
        showToast('success', MESSAGES.changesSaved);
      } else {
        await navigate('/payment');
      }
    },
  });

  return {
    ...form,
    formError: formMessage.message,
    slug: storeSlug(form.formik.values.name, config.slugSuffix),
  };
}
