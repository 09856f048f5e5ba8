import { MAX_COUPONS_PER_STORE } from '@cc/config';
import type { Plan } from '@cc/contract';
import { formatMoney } from '@cc/contract/money';
import { buttonClasses, useTheme } from '@cc/ui/theme';
import { useClientConfig } from '../../../lib/brand-context';

/** The plan on offer: name, the fixed blurb, the price per month and 'Subscribe Now' (new tab). */
export function PlanCard({ plan }: { plan: Plan }) {
  const theme = useTheme();
  const { locale } = useClientConfig();
  return (
    <article
      aria-labelledby="plan-name"
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 id="plan-name" className="text-xl font-bold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-2 text-sm text-slate-700">
        Manage up to {MAX_COUPONS_PER_STORE} coupons on your store page, update or exchange them
        whenever you like, and get priority support.
      </p>
      <p className="mt-4 text-slate-900">
        <span className="text-3xl font-extrabold">
          {formatMoney(plan.price.unit_amount, { locale, currency: plan.price.currency })}
        </span>
        <span className="text-sm text-slate-700"> / month</span>
      </p>
      <a
        href={plan.payment_link.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby="plan-new-tab"
        className={`${buttonClasses(theme)} mt-6`}
      >
        Subscribe Now
      </a>
      <span id="plan-new-tab" hidden>
        Opens in a new tab
      </span>
    </article>
  );
}
