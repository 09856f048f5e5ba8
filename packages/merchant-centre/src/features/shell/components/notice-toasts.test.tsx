import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { selectErrors } from '@cc/api';
import { couponsApi } from '../../../lib/api/coupons';
import { renderApp } from '../../../testing/render-app';
import { attachApi } from '../../../app/attach-api';
import { server } from '../../../testing/server';

describe('error list in the shell', () => {
  it("toasts an error item with the body's message and flags it displayed", async () => {
    server.use(
      http.get('*/api/v1/coupons', () =>
        HttpResponse.json({ message: 'Coupons are resting' }, { status: 503 }),
      ),
    );
    const { store } = renderApp('/');
    await screen.findByTestId('price');
    attachApi(store);
    void store.dispatch(couponsApi.endpoints.getCoupons.initiate({ storeSlug: 's', client: 7 }));
    expect(
      await screen.findByText('Coupons are resting', undefined, { timeout: 5000 }),
    ).toBeVisible();
    await waitFor(() =>
      expect(selectErrors(store.getState())[0]).toMatchObject({
        displayed: true,
        statusText: 'Service Unavailable',
      }),
    );
  });
});
