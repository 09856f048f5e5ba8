import { useState } from 'react';
import { useGetPlanQuery, useGetTransactionsQuery, useUpdateSubscriptionMutation } from '@cc/api';
import { useClientConfig } from '../../../lib/brand-context';
import type { StripeSubscription } from '@cc/contract';
import { useMerchant } from '../../../lib/use-merchant';
import { useRefetchOnReturn } from './use-refetch-on-return';

/**
 * Everything the payment screen shows: the plan, the merchant's subscription and
 * their transactions. Failures loading the plan or the transactions, and a failed
 * cancel, are swallowed (loading just stops; the transactions error is logged).
 */
export function usePayment() {
  const { clientId } = useClientConfig();
  const merchant = useMerchant();
  const plan = useGetPlanQuery({ client: clientId });
  const transactions = useGetTransactionsQuery();
  const [updateSubscription] = useUpdateSubscriptionMutation();
  const [loggedError, setLoggedError] = useState<unknown>(null);
  // The server's answer to a cancel, shown until /auth/me/ answers anew.
  const [replaced, setReplaced] = useState<{ basis: StripeSubscription | null; subscription: StripeSubscription } | null>(
    null,
  );
  const stored = merchant.store?.stripe_subscription ?? null;
  const subscription = replaced && replaced.basis === stored ? replaced.subscription : stored;
  if (transactions.error && transactions.error !== loggedError) {
    setLoggedError(transactions.error);
    console.error('Loading the transactions failed', transactions.error);
  }

  useRefetchOnReturn(() => {
    void merchant.refetch();
    void transactions.refetch();
  });

  /** Cancels the subscription; the stored subscription is replaced by the server's answer. */
  async function cancelSubscription() {
    const result = await updateSubscription({ status: 'canceled' });
    if (result.data) setReplaced({ basis: stored, subscription: result.data });
  }

  return {
    store: merchant.store,
    hasTransaction: merchant.txn !== null,
    subscription,
    plan: plan.data ?? null,
    transactions: transactions.data?.results ?? [],
    transactionCount: transactions.data?.count ?? 0,
    isLoading: merchant.isLoading || plan.isLoading || transactions.isLoading,
    cancelSubscription,
  };
}
