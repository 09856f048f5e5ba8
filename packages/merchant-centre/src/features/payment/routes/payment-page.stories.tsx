import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import { statusText } from '@cc/ui/subscription-status';
import type { PaymentMethod, StripeSubscription } from '@cc/contract';
import {
  apiPath,
  defaultAnswers,
  failing,
  meAnswer,
  paymentMethodsAnswer,
  pending,
  planAnswer,
  transactionsAnswer,
  updateSubscriptionAnswer,
} from '../../../testing/api-handlers';
import { me, store } from '../../../testing/fixtures';
import { plan, transaction } from '../../../testing/merchant-fixtures';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import { PaymentPage } from './payment-page';

const DAY = 86_400;
const CANCELLED_AT = 1_763_683_200;

const subscription = (
  status: StripeSubscription['status'],
  overrides: Partial<StripeSubscription> = {},
): StripeSubscription => ({
  status,
  start_date: 1_761_955_200,
  canceled_at: null,
  current_period_end: 1_764_547_200,
  ...overrides,
});

/** Three monthly orders in the brand's currency, each with its invoice. */
const orders = (currency: string, amount: number) =>
  [3, 2, 1].map((id, index) =>
    transaction(id, {
      currency,
      amount,
      transaction_created: CANCELLED_AT - index * 30 * DAY,
      invoice_number: `VN-00000${id}`,
      invoice_url: `http://localhost:4000/billing/invoices/${id}.pdf`,
    }),
  );

const VISA: PaymentMethod = {
  id: 'pm_1',
  created_at: CANCELLED_AT - 60 * DAY,
  is_default: true,
  exp_month: 4,
  exp_year: 2030,
  brand: 'visa',
  last4: '4242',
};

/** Ten days from whenever the story runs: the end of a paid period still to come. */
const inTenDays = () => Math.floor(Date.now() / 1000) + 10 * DAY;

const US_PLAN = {
  price: { currency: 'usd', unit_amount: 2499 },
  payment_link: { url: 'http://localhost:4000/billing/checkout/plan_us' },
};
const PLANS = {
  uk: plan(),
  promo: plan({ id: 'plan_us_promo', name: 'PromoPulse Store Page', ...US_PLAN }),
  discount: plan({ id: 'plan_us_discount', name: 'DiscountDen Store Page', ...US_PLAN }),
};

/**
 * The payment screen's calls: /auth/me/ (the store and its subscription; a merchant
 * who never paid has no transaction), the brand's plan and the order history.
 */
function paymentApi(brand: keyof typeof PLANS, current: StripeSubscription | null) {
  return {
    ...defaultAnswers,
    me: meAnswer(
      me({
        store: store({ is_approved: true, stripe_subscription: current }),
        coupon_center_txn: current ? { id: 41 } : null,
      }),
    ),
    plan: planAnswer(PLANS[brand]),
    transactions: transactionsAnswer(
      current ? orders(PLANS[brand].price.currency, PLANS[brand].price.unit_amount) : [],
    ),
    cancel: updateSubscriptionAnswer(subscription('active'), CANCELLED_AT),
    paymentMethods: paymentMethodsAnswer(current ? [VISA] : []),
  };
}

const meta = {
  title: 'Merchant centre/Payment/PaymentPage',
  component: PaymentPage,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  parameters: {
    layout: 'fullscreen',
    path: '/payment',
    msw: { handlers: paymentApi('uk', subscription('active')) },
  },
} satisfies Meta<typeof PaymentPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The status the card shows, spelt as the brand writes it (en-GB 'Cancelled'). */
async function expectStatus(canvasElement: HTMLElement, label: string) {
  const canvas = within(canvasElement);
  const card = await canvas.findByRole('article', { name: 'VoucherNest Store Page' });
  await expect(card).toHaveTextContent(label);
}

/** Paid up: the subscription, its next billing date and the three orders of the answer. */
export const Active: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expectStatus(canvasElement, 'Active');
    await expect(canvas.getByText('Next billing date')).toBeVisible();
    const orderTable = canvas.getByRole('table');
    await expect(within(orderTable).getAllByRole('row')).toHaveLength(4);
    await expect(orderTable).toHaveTextContent('£19.99');
  },
};

/** 'Cancel Subscription' asks first, then shows the server's answer: cancelled, with the way back. */
export const CancelSubscription: Story = {
  name: 'Cancel subscription',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectStatus(canvasElement, 'Active');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel Subscription' }));
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByRole('button', { name: 'Yes, cancel' }));
    await expect(
      await canvas.findByRole('link', { name: 'Reactivate Subscription' }, { timeout: 5000 }),
    ).toHaveAttribute('href', 'http://localhost:4000/billing/checkout/plan_uk');
  },
};

const inStatus = (
  status: StripeSubscription['status'],
  overrides: Partial<StripeSubscription> = {},
): Story => ({
  parameters: { msw: { handlers: { me: paymentApi('uk', subscription(status, overrides)).me } } },
  play: ({ canvasElement }) =>
    expectStatus(canvasElement, status === 'canceled' ? 'Cancelled' : statusText(status)),
});

export const Canceled: Story = {
  ...inStatus('canceled', { canceled_at: CANCELLED_AT }),
  name: 'Cancelled',
  play: async ({ canvas, canvasElement }) => {
    await expectStatus(canvasElement, 'Cancelled');
    await expect(canvas.getByText('Cancelled on')).toBeVisible();
  },
};
/** Cancelled with the paid period still running: live until its end, and one click resumes. */
export const CancelledUntilPeriodEnd: Story = {
  name: 'Cancelled, live until the period ends (resume)',
  parameters: {
    msw: {
      handlers: {
        me: paymentApi(
          'uk',
          subscription('canceled', {
            canceled_at: CANCELLED_AT,
            cancel_at_period_end: true,
            current_period_end: inTenDays(),
          }),
        ).me,
        cancel: http.post(apiPath('stripe-update-subscription/'), () =>
          HttpResponse.json(
            subscription('active', {
              cancel_at_period_end: false,
              current_period_end: inTenDays(),
            }),
          ),
        ),
      },
    },
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectStatus(canvasElement, 'Cancelled');
    await expect(canvas.getByText(/^Your page stays live until \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reactivate Subscription' }));
    const page = within(canvasElement.ownerDocument.body);
    // The toast is there at once; it slides in.
    await expect(
      await page.findByText(ACCOUNT_MESSAGES.subscriptionResumed, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    await expect(await canvas.findByText('Next billing date')).toBeVisible();
  },
};

/** A failed renewal: the card on file, the failed-payment line and 'Update card'. */
export const PastDueCard: Story = {
  name: 'Past due (update card)',
  parameters: { msw: { handlers: { me: paymentApi('uk', subscription('past_due')).me } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Visa ending 4242, expires 04/2030')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Your last payment failed. Update your card to pay now.',
    );
    await expect(canvas.getByRole('button', { name: 'Update card' })).toBeEnabled();
  },
};

/** Each order's invoice beside its receipt. */
export const Invoices: Story = {
  play: async ({ canvas }) => {
    const invoice = await canvas.findByRole('link', { name: 'Download invoice for order #1' });
    await expect(invoice).toHaveAttribute('download', 'VN-000001.pdf');
  },
};

export const Trialing: Story = inStatus('trialing');
export const Incomplete: Story = inStatus('incomplete');
export const IncompleteExpired: Story = inStatus('incomplete_expired');
export const PastDue: Story = inStatus('past_due');
export const Unpaid: Story = inStatus('unpaid');
export const Paused: Story = inStatus('paused');

/** Never paid: the brand's plan from GET /coupon-center-plans/, and no order history. */
export const NotSubscribed: Story = {
  name: 'No subscription yet (plan on offer)',
  parameters: { msw: { handlers: paymentApi('uk', null) } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'VoucherNest Store Page' }),
    ).toBeVisible();
    await expect(canvas.getByText('£19.99')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Order History' })).not.toBeInTheDocument();
  },
};

/** Waiting for /auth/me/: the spinner. */
export const Loading: Story = {
  parameters: { msw: { handlers: { me: pending('get', 'auth/me/') } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading');
  },
};

/** Subscribed, no orders yet: Order History is not shown. */
export const NoOrders: Story = {
  name: 'Empty (no orders)',
  parameters: { msw: { handlers: { transactions: transactionsAnswer([]) } } },
  play: async ({ canvasElement, canvas }) => {
    await expectStatus(canvasElement, 'Active');
    await expect(canvas.queryByRole('heading', { name: 'Order History' })).not.toBeInTheDocument();
  },
};

/** The order history fails: as the specification says, silently (no toast, no orders). */
export const OrdersFailed: Story = {
  name: 'Error (orders fail, swallowed)',
  parameters: {
    msw: { handlers: { transactions: failing('get', 'coupon-center-transactions/', 500) } },
  },
  play: async ({ canvasElement, canvas }) => {
    await expectStatus(canvasElement, 'Active');
    await expect(canvas.queryByRole('heading', { name: 'Order History' })).not.toBeInTheDocument();
    await expect(
      within(canvasElement.ownerDocument.body).queryByRole('alert'),
    ).not.toBeInTheDocument();
  },
};

const brandStory = (
  brand: 'promo' | 'discount',
  status: StripeSubscription['status'],
  label: string,
): Story => ({
  globals: BRAND_STORIES[brand],
  parameters: { msw: { handlers: paymentApi(brand, subscription(status)) } },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('article', { name: PLANS[brand].name });
    await expect(card).toHaveTextContent(label);
    await expect(canvas.getByRole('table')).toHaveTextContent('$24.99');
  },
});

export const VoucherNestCancelled: Story = {
  ...Canceled,
  name: 'VoucherNest cancelled',
  globals: BRAND_STORIES.uk,
};
export const PromoPulseLiveUntil: Story = {
  ...CancelledUntilPeriodEnd,
  name: 'PromoPulse live until the period ends',
  globals: BRAND_STORIES.promo,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^Your page stays live until /)).toBeVisible();
  },
};
export const DiscountDenLiveUntil: Story = {
  ...PromoPulseLiveUntil,
  name: 'DiscountDen live until the period ends',
  globals: BRAND_STORIES.discount,
};
export const PromoPulseActive: Story = {
  ...brandStory('promo', 'active', 'Active'),
  name: 'PromoPulse active',
};
export const DiscountDenPastDue: Story = {
  ...brandStory('discount', 'past_due', statusText('past_due')),
  name: 'DiscountDen past due',
};
export const DiscountDenNotSubscribed: Story = {
  name: 'DiscountDen plan on offer',
  globals: BRAND_STORIES.discount,
  parameters: { msw: { handlers: paymentApi('discount', null) } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'DiscountDen Store Page' }),
    ).toBeVisible();
    await expect(canvas.getByText('$24.99')).toBeVisible();
  },
};
