import { Spinner } from '@cc/ui/spinner';
import { useClientConfig } from '../../../lib/brand-context';
import { OrderHistory } from '../components/order-history';
import { PlanCard } from '../components/plan-card';
import { SubscriptionCard } from '../components/subscription-card';
import { useCardUpdate } from '../hooks/use-card-update';
import { usePayment } from '../hooks/use-payment';

/**
 * /payment: PAYMENT and 'PAYMENT DETAILS'. A merchant with a payment transaction
 * sees their subscription, anyone else the plan card; then the order history. The
 * page refreshes when the merchant returns to the tab after paying.
 */
export function PaymentPage() {
  const config = useClientConfig();
  const payment = usePayment();
  const updateCard = useCardUpdate();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">PAYMENT</h1>
      {payment.isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Loading" />
        </div>
      ) : (
        <>
          <section aria-labelledby="payment-details" className="mt-6">
            <h2 id="payment-details" className="mb-4 text-lg font-bold text-slate-900">
              PAYMENT DETAILS
            </h2>
            {payment.hasTransaction ? (
              <SubscriptionCard
                product={payment.plan?.name ?? `${config.appName} Merchant Page`}
                subscription={payment.subscription}
                paymentLink={payment.plan?.payment_link.url ?? null}
                onCancel={payment.cancelSubscription}
                onResume={payment.resumeSubscription}
                card={payment.card}
                onUpdateCard={updateCard}
              />
            ) : (
              payment.plan && <PlanCard plan={payment.plan} />
            )}
          </section>
          <OrderHistory count={payment.transactionCount} transactions={payment.transactions} />
        </>
      )}
    </div>
  );
}

export { PaymentPage as Component };
