import type { PaymentMethod } from '@cc/contract';
import { LoadingButton } from '@cc/ui/loading-button';
import { cardLabel } from './card-label';

export const PAYMENT_FAILED_TEXT = 'Your last payment failed. Update your card to pay now.';

export type CardOnFileProps = {
  /** The default card, or null while none is known. */
  card: PaymentMethod | null;
  /** The last renewal failed (past_due, unpaid): the merchant is asked to update the card. */
  hasFailedPayment: boolean;
  /** Sends the browser to the processor's card form; it returns to /payment. */
  onUpdateCard: () => Promise<void>;
};

/** The card renewals are charged to, and 'Update card'. */
export function CardOnFile({ card, hasFailedPayment, onUpdateCard }: CardOnFileProps) {
  return (
    <div className="mt-4 grid gap-3 border-t border-slate-200 pt-4 text-sm">
      {card && (
        <dl className="flex gap-2">
          <dt className="font-semibold text-slate-800">Card</dt>
          <dd className="text-slate-700">{cardLabel(card)}</dd>
        </dl>
      )}
      {hasFailedPayment && (
        <p role="alert" className="font-semibold text-red-700">
          {PAYMENT_FAILED_TEXT}
        </p>
      )}
      <div>
        <LoadingButton
          variant={hasFailedPayment ? 'primary' : 'secondary'}
          loadingText="Please wait..."
          onClick={onUpdateCard}
        >
          Update card
        </LoadingButton>
      </div>
    </div>
  );
}
