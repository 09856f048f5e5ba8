import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENTS } from '@cc/config';
import { MESSAGES } from '@cc/contract';
import type { BillingDetails } from '@cc/contract';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';
import { NO_BILLING_DETAILS, server } from '../../../testing/server';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

const SAVED: BillingDetails = {
  billing_name: 'Acme Trading Ltd',
  address_line1: '1 High Street',
  address_line2: '',
  city: 'Leeds',
  postal_code: 'LS1 1AA',
  country: 'United Kingdom',
  vat_number: 'GB123456789',
};

async function billingForm() {
  return within(await screen.findByRole('form', { name: 'BILLING DETAILS' }));
}

/** Answers PUT /billing-details/ like the server (VAT number normalised) and records the bodies. */
function acceptSaves() {
  const bodies: unknown[] = [];
  server.use(
    http.put('*/api/v1/billing-details/', async ({ request }) => {
      const body = (await request.json()) as Partial<BillingDetails>;
      bodies.push(body);
      const vat = (body.vat_number ?? '').replace(/\s/g, '').toUpperCase();
      return HttpResponse.json({ ...NO_BILLING_DETAILS, ...body, vat_number: vat });
    }),
  );
  return bodies;
}

describe('/my-store billing details', () => {
  it('shows no billing details before the store exists', async () => {
    renderApp('/my-store', { user: storedUser() });
    expect(await screen.findByRole('button', { name: 'CREATE YOUR STORE' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'BILLING DETAILS' })).not.toBeInTheDocument();
  });

  it('UK: shows the saved name, address and VAT number, and saves a change with a toast', async () => {
    server.use(http.get('*/api/v1/billing-details/', () => HttpResponse.json(SAVED)));
    const bodies = acceptSaves();
    const { user } = renderApp('/my-store', {
      user: storedUser({ store: store() }),
      config: CLIENTS[7],
    });
    const form = await billingForm();
    expect(form.getByLabelText('Billing name')).toHaveValue('Acme Trading Ltd');
    expect(form.getByLabelText('Postcode')).toHaveValue('LS1 1AA');
    const vat = form.getByLabelText('VAT number');
    expect(vat).toHaveValue('GB123456789');
    expect(vat).not.toBeRequired();
    await user.clear(vat);
    await user.type(vat, 'gb 987 6543 21');
    await user.click(form.getByRole('button', { name: 'SAVE BILLING DETAILS' }));
    expect(await screen.findByText(MESSAGES.billingDetailsSaved)).toBeVisible();
    expect(bodies).toEqual([{ ...SAVED, vat_number: 'gb 987 6543 21' }]);
    await waitFor(() => expect(form.getByLabelText('VAT number')).toHaveValue('GB987654321'));
  });

  it('UK: a VAT number in the wrong format is a field error and nothing is sent', async () => {
    const bodies = acceptSaves();
    const { user } = renderApp('/my-store', {
      user: storedUser({ store: store() }),
      config: CLIENTS[7],
    });
    const form = await billingForm();
    await user.type(form.getByLabelText('VAT number'), 'GB12345');
    await user.click(form.getByRole('button', { name: 'SAVE BILLING DETAILS' }));
    expect(await form.findByText(MESSAGES.vatNumberInvalid)).toBeVisible();
    expect(form.getByLabelText('VAT number')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it("UK: the server's field error on the VAT number shows on that field", async () => {
    server.use(
      http.put('*/api/v1/billing-details/', () =>
        HttpResponse.json({ vat_number: [MESSAGES.vatNumberInvalid] }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/my-store', {
      user: storedUser({ store: store() }),
      config: CLIENTS[7],
    });
    const form = await billingForm();
    await user.type(form.getByLabelText('VAT number'), 'GBHA500');
    await user.click(form.getByRole('button', { name: 'SAVE BILLING DETAILS' }));
    expect(await form.findByText(MESSAGES.vatNumberInvalid)).toBeVisible();
    expect(screen.queryByText(MESSAGES.billingDetailsSaved)).not.toBeInTheDocument();
  });

  it.each([8, 10] as const)(
    'US brand %i: name and address with a ZIP code, no VAT number field and none sent',
    async (client) => {
      const bodies = acceptSaves();
      const { user } = renderApp('/my-store', {
        user: storedUser({ store: store({ client }) }),
        config: CLIENTS[client],
      });
      const form = await billingForm();
      expect(form.queryByLabelText('VAT number')).not.toBeInTheDocument();
      await user.type(form.getByLabelText('Billing name'), 'Acme Inc.');
      await user.type(form.getByLabelText('ZIP code'), '10001');
      await user.click(form.getByRole('button', { name: 'SAVE BILLING DETAILS' }));
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toEqual({
        ...NO_BILLING_DETAILS,
        billing_name: 'Acme Inc.',
        postal_code: '10001',
        vat_number: undefined,
      });
      expect(bodies[0]).not.toHaveProperty('vat_number');
    },
  );
});
