import { useState } from 'react';
import { applyFieldErrors, errorMessage } from '@cc/api';
import {
  useGetPaymentMethodsQuery,
  useGetPlanQuery,
  useGetTransactionsQuery,
  useUpdateSubscriptionMutation,
} from '../../../lib/api/billing';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import type { StripeSubscription } from '@cc/contract';
import { useClientConfig } from '../../../lib/brand-context';
import { showToast } from '../../../lib/toast';
import { useMerchant } from '../../../lib/use-merchant';
import { defaultCard } from '../components/card-label';
import { useRefetchOnReturn } from './use-refetch-on-return';

/** Why a resume failed: the server's word on the status (nothing to resume), else its message. */
function resumeFailure(error: unknown): string {
  let message = errorMessage(error);
  applyFieldErrors(error, (_field, fieldMessage) => (message = fieldMessage), ['status']);
  return message;
}

/**
 * Everything the payment screen shows: the plan, the merchant's subscription, its card
 * and their transactions. Failures loading the plan or the transactions, and a failed
 * cancel, are swallowed (loading just stops; the transactions error is logged).
 */
export function usePayment() {
  const { clientId } = useClientConfig();
  const merchant = useMerchant();
  const hasTransaction = merchant.txn !== null;
  const plan = useGetPlanQuery({ client: clientId });
  const transactions = useGetTransactionsQuery();
  const paymentMethods = useGetPaymentMethodsQuery(undefined, { skip: !hasTransaction });
  const [updateSubscription] = useUpdateSubscriptionMutation();
  const [loggedError, setLoggedError] = useState<unknown>(null);
  // The server's answer to a cancel or a resume, shown until /auth/me/ answers anew.
  const [replaced, setReplaced] = useState<{
    basis: StripeSubscription | null;
    subscription: StripeSubscription;
  } | null>(null);
  const stored = merchant.store?.stripe_subscription ?? null;
  const subscription = replaced && replaced.basis === stored ? replaced.subscription : stored;
  if (transactions.error && transactions.error !== loggedError) {
    setLoggedError(transactions.error);
    console.error('Loading the transactions failed', transactions.error);
  }

  useRefetchOnReturn(() => {
    void merchant.refetch();
    void transactions.refetch();
    if (hasTransaction) void paymentMethods.refetch();
  });

  /** Cancels the subscription (at the end of the paid period); the stored subscription is replaced by the server's answer. */
  async function cancelSubscription() {
    const result = await updateSubscription({ status: 'canceled' });
    if (result.data) setReplaced({ basis: stored, subscription: result.data });
  }

  /** Undoes a cancellation before the period ends: the same subscription goes on. */
  async function resumeSubscription() {
    const result = await updateSubscription({ status: 'active' });
    if (result.data) {
      setReplaced({ basis: stored, subscription: result.data });
      showToast('success', ACCOUNT_MESSAGES.subscriptionResumed);
    } else {
      showToast('error', resumeFailure(result.error));
    }
  }

  return {
    store: merchant.store,
    hasTransaction,
    subscription,
    card: defaultCard(paymentMethods.data ?? []),
    plan: plan.data ?? null,
    transactions: transactions.data?.results ?? [],
    transactionCount: transactions.data?.count ?? 0,
    isLoading: merchant.isLoading || plan.isLoading || transactions.isLoading,
    cancelSubscription,
    resumeSubscription,
  };
}
