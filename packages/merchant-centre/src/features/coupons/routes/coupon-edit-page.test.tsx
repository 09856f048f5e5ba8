import { configure, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';
import { couponPage, page, wireCoupon } from '../../../testing/merchant-fixtures';
import { server } from '../../../testing/server';

// Screens are lazy chunks: the first render of a file compiles them, and the runner may be busy.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

const merchant = () => storedUser({ store: store() });

describe('/coupons/{couponId}', () => {
  it('loads the coupon into the form and saves changes with PATCH, then toasts and lists the coupons', async () => {
    let query = '';
    let body: unknown;
    server.use(
      http.get('*/api/v1/coupons/', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(
          page([
            wireCoupon(3, {
              offer_type: 'sale_amount',
              title: 'UP TO £15 OFF',
              savings_amount: '15.00',
              savings_percent: null,
              expiration_date: null,
            }),
          ]),
        );
      }),
      http.get('*/api/v1/coupons', () => HttpResponse.json(couponPage(3))),
      http.patch('*/api/v1/coupons/3', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(wireCoupon(3));
      }),
    );
    const { user, router } = renderApp('/coupons/3', { user: merchant() });
    expect(await screen.findByLabelText(/Description/)).toHaveValue('Coupon number 3');
    expect(query).toBe('?id_search_text=3&client=7');
    expect(screen.getByRole('combobox', { name: /Offer Type/ })).toHaveTextContent('Sale amount');
    expect(screen.getByLabelText('Savings')).toHaveValue('15');
    expect(screen.getByLabelText('Is Savings Range')).toBeChecked();
    expect(screen.getByLabelText('No Expiration Date')).toBeChecked();
    expect(await screen.findByRole('heading', { name: 'UP TO £15 OFF' })).toBeVisible();
    await user.clear(screen.getByLabelText('Savings'));
    await user.type(screen.getByLabelText('Savings'), '25');
    await user.click(screen.getByLabelText('No Expiration Date'));
    await user.clear(screen.getByLabelText('Expiration Date'));
    await user.type(screen.getByLabelText('Expiration Date'), '2027-01-31');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes saved successfully')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/coupons'));
    expect(body).toMatchObject({
      offer_type: 'sale_amount',
      approved: true,
      savings_amount: 25,
      savings_percent: null,
      expiration_date: '2027-01-31',
      title: 'UP TO £25 OFF',
      up_to_savings_percent: 0,
    });
  });

  it('stops loading quietly when the coupon fails to load', async () => {
    server.use(
      http.get('*/api/v1/coupons/', () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    renderApp('/coupons/9', { user: merchant() });
    expect(await screen.findByText('This coupon could not be found.')).toBeVisible();
    expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My coupons' })).toHaveAttribute(
      'href',
      '/coupons',
    );
  });
});
