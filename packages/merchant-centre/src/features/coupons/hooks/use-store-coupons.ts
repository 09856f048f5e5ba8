import { skipToken } from '@reduxjs/toolkit/query';
import { useGetCouponsQuery } from '../../../lib/api/coupons';
import { useClientConfig } from '../../../lib/brand-context';
import { useMerchant } from '../../../lib/use-merchant';

/** The merchant's store and its coupons (scheduled ones included); loading until both are known. */
export function useStoreCoupons() {
  const { clientId } = useClientConfig();
  const merchant = useMerchant();
  const { store } = merchant;
  const listArgs = store ? { storeSlug: store.slug, client: clientId } : null;
  const coupons = useGetCouponsQuery(listArgs ?? skipToken);
  return {
    store,
    listArgs,
    coupons: coupons.data?.coupons ?? [],
    count: coupons.data?.count ?? 0,
    isLoading: merchant.isLoading || (store !== null && coupons.isLoading),
    /** A request is on its way, e.g. the list refreshes after a change elsewhere. */
    isFetching: coupons.isFetching,
    isError: coupons.isError,
  };
}
