import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENTS } from '@cc/config';
import { expectAlertToHideAfter10Seconds } from '../../../testing/auto-hide';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';
import { couponPage, wireCoupon } from '../../../testing/merchant-fixtures';
import { server } from '../../../testing/server';

// Screens are lazy chunks: the first render of a file compiles them, and the runner may be busy.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => vi.useRealTimers());

const merchant = () => storedUser({ store: store() });

function answerCoupons(count: number) {
  server.use(http.get('*/api/v1/coupons', () => HttpResponse.json(couponPage(count))));
}

function isoDate(date: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function preview() {
  return within(screen.getByRole('region', { name: 'Preview' }));
}

async function chooseOfferType(user: ReturnType<typeof renderApp>['user'], label: string) {
  await user.click(screen.getByRole('combobox', { name: /Offer Type/ }));
  await user.click(screen.getByRole('option', { name: label }));
}

describe('/coupons/add', () => {
  it('asks to add the store to the site first when there is no store', async () => {
    renderApp('/coupons/add', { user: storedUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ADD YOUR STORE TO VoucherNest.co.uk' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to My Store' })).toHaveAttribute(
      'href',
      '/my-store',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows its heading above the spinner while the coupons are counted, the same heading then above the form', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/v1/coupons', async () => {
        await answered;
        return HttpResponse.json(couponPage(2));
      }),
    );
    renderApp('/coupons/add', { user: merchant() });
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Your coupon information',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('combobox', { name: /Offer Type/ })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('combobox', { name: /Offer Type/ })).toBeVisible();
    expect(heading).toBeVisible();
  });

  it('refuses an 11th coupon', async () => {
    answerCoupons(10);
    renderApp('/coupons/add', { user: merchant() });
    expect(await screen.findByText('A store can have at most 10 coupons.')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Your coupon information' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My coupons' })).toHaveAttribute(
      'href',
      '/coupons',
    );
  });

  it('starts from the default coupon: sitewide percent, savings 20, from today to a month later, the store website', async () => {
    answerCoupons(2);
    renderApp('/coupons/add', { user: merchant() });
    // The heading shows at once (the stored user has a store), the form once the coupons are counted.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your coupon information' }),
    ).toBeVisible();
    expect(await screen.findByRole('combobox', { name: /Offer Type/ })).toHaveTextContent(
      'Sitewide percent',
    );
    expect(screen.getByLabelText('Savings')).toHaveValue('20');
    expect(screen.queryByLabelText('Min Order Amount')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Is Savings Range')).not.toBeChecked();
    expect(screen.getByLabelText('Destination URL')).toHaveValue('https://acme.test');
    const today = new Date();
    const later = new Date(today);
    later.setMonth(later.getMonth() + 1);
    expect(screen.getByLabelText('Start Date')).toHaveValue(isoDate(today));
    expect(screen.getByLabelText('Expiration Date')).toHaveValue(isoDate(later));
    expect(screen.getByLabelText('No Expiration Date')).not.toBeChecked();
    expect(screen.getByText('120 characters left')).toBeVisible();
    expect(await preview().findByRole('heading', { name: '20% OFF' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
  });

  it('shows each field for its offer type and previews each type', async () => {
    answerCoupons(2);
    const { user } = renderApp('/coupons/add', { user: merchant() });
    await screen.findByLabelText('Savings');

    await chooseOfferType(user, 'Free shipping');
    expect(screen.queryByLabelText('Savings')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Min Order Amount')).toHaveValue('10');
    expect(screen.queryByLabelText('Is Savings Range')).not.toBeInTheDocument();
    expect(await preview().findByRole('heading', { name: 'Free Shipping' })).toBeVisible();

    await chooseOfferType(user, 'Other');
    expect(screen.getByLabelText('Savings')).toBeVisible();
    expect(screen.queryByLabelText('Min Order Amount')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Is Savings Range')).not.toBeInTheDocument();
    expect(preview().getByRole('heading', { name: 'Sale' })).toBeVisible();

    await chooseOfferType(user, 'Sale amount');
    const savings = screen.getByLabelText('Savings');
    await user.clear(savings);
    await user.type(savings, '15.5');
    expect(preview().getByRole('heading', { name: '£15.50 OFF' })).toBeVisible();
    await user.click(screen.getByLabelText('Is Savings Range'));
    expect(preview().getByRole('heading', { name: 'UP TO £15.50 OFF' })).toBeVisible();

    await chooseOfferType(user, 'Sale percent');
    expect(preview().getByRole('heading', { name: 'UP TO 15.5% OFF' })).toBeVisible();
    await chooseOfferType(user, 'Sitewide amount');
    expect(preview().getByRole('heading', { name: 'UP TO £15.50 OFF' })).toBeVisible();
  });

  it('uses the brand currency symbol in the preview', async () => {
    answerCoupons(0);
    const { user } = renderApp('/coupons/add', { user: merchant(), config: CLIENTS[8] });
    await screen.findByLabelText('Savings');
    await chooseOfferType(user, 'Sitewide amount');
    expect(await preview().findByRole('heading', { name: '$20 OFF' })).toBeVisible();
  });

  it('requires the description and stops it at 120 characters', async () => {
    answerCoupons(2);
    const { user } = renderApp('/coupons/add', { user: merchant() });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeVisible();
    const description = screen.getByLabelText(/Description/);
    await user.type(description, 'x'.repeat(125));
    expect(description).toHaveValue('x'.repeat(120));
    expect(screen.getByText('0 characters left')).toBeVisible();
  });

  it('sends the spec fields, approved, numbers, dates or null, then toasts and lists the coupons', async () => {
    answerCoupons(2);
    let body: unknown;
    server.use(
      http.post('*/api/v1/coupons/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(wireCoupon(3), { status: 201 });
      }),
    );
    const { user, router } = renderApp('/coupons/add', { user: merchant() });
    await user.type(await screen.findByLabelText(/Description/), ' Twenty off everything ');
    await user.type(screen.getByLabelText('Code'), 'SAVE20');
    await user.clear(screen.getByLabelText('Start Date'));
    await user.type(screen.getByLabelText('Start Date'), '2026-12-01');
    await user.click(screen.getByLabelText('No Expiration Date'));
    expect(screen.getByLabelText('Expiration Date')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Coupon created successfully')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/coupons'));
    expect(body).toEqual({
      offer_type: 'sitewide_percent',
      approved: true,
      custom_url: 'https://acme.test',
      description: 'Twenty off everything',
      destination_affiliate_url: 'https://acme.test',
      destination_coupon_url: 'https://acme.test',
      discount_code: 'SAVE20',
      expiration_date: null,
      savings_amount: null,
      savings_minimum_order: 10,
      savings_percent: 20,
      start_date: '2026-12-01',
      store: 5,
      title: '20% OFF',
      up_to_savings_percent: 0,
    });
  });

  it('puts server field errors on their fields and a refusal above the button', async () => {
    answerCoupons(2);
    server.use(
      http.post('*/api/v1/coupons/', () =>
        HttpResponse.json(
          {
            savings_percent: ['A valid number is required.'],
            discount_code: ['Ensure this field has no more than 100 characters.'],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/coupons/add', { user: merchant() });
    await user.type(await screen.findByLabelText(/Description/), 'Deal');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A valid number is required.')).toBeVisible();
    expect(screen.getByLabelText('Savings')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(
      'Ensure this field has no more than 100 characters.',
    );

    server.use(
      http.post('*/api/v1/coupons/', () =>
        HttpResponse.json(
          { non_field_errors: ['A store can have at most 10 coupons.'] },
          { status: 400 },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A store can have at most 10 coupons.',
    );
  });

  it("hides a failed save's message above Save after 10 seconds", async () => {
    answerCoupons(2);
    server.use(
      http.post('*/api/v1/coupons/', () =>
        HttpResponse.json({ message: 'Coupons are resting' }, { status: 500 }),
      ),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderApp('/coupons/add', { user: merchant() });
    await user.type(await screen.findByLabelText(/Description/), 'Deal');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectAlertToHideAfter10Seconds('Coupons are resting');
  });

  it('from an empty list, the first saved coupon shows in the list instead of the form again', async () => {
    let saved = false;
    server.use(
      http.get('*/api/v1/coupons', () => HttpResponse.json(couponPage(saved ? 1 : 0))),
      http.post('*/api/v1/coupons/', () => {
        saved = true;
        return HttpResponse.json(wireCoupon(1), { status: 201 });
      }),
    );
    const { user, router } = renderApp('/coupons', { user: merchant() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/coupons/add'));
    await user.type(await screen.findByLabelText(/Description/), 'First deal');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My coupons' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/coupons');
    expect(screen.getByRole('heading', { name: '1% OFF' })).toBeVisible();
  });
});
