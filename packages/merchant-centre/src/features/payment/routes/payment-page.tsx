import { MerchantPlaceholder } from '../../shell/components/merchant-placeholder';

/** /payment: subscription and order history. */
export function PaymentPage() {
  return <MerchantPlaceholder title="PAYMENT" />;
}

export { PaymentPage as Component };
