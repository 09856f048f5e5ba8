import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENTS } from '@cc/config';
import { MESSAGES } from '@cc/contract';
import type { MailPreferences } from '@cc/contract';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';
import { DEFAULT_MAIL_PREFERENCES, server } from '../../../testing/server';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

async function section() {
  return within(await screen.findByRole('group', { name: 'EMAIL NOTIFICATIONS' }));
}

/** Answers PUT /mail-preferences/ like the server (the kinds sent over the saved ones) and records the bodies. */
function acceptSaves(saved: MailPreferences = DEFAULT_MAIL_PREFERENCES) {
  const bodies: unknown[] = [];
  let current = { ...saved };
  server.use(
    http.get('*/api/v1/mail-preferences/', () => HttpResponse.json(current)),
    http.put('*/api/v1/mail-preferences/', async ({ request }) => {
      const body = (await request.json()) as Partial<MailPreferences>;
      bodies.push(body);
      current = { ...current, ...body };
      return HttpResponse.json(current);
    }),
  );
  return bodies;
}

describe('/my-store email notifications', () => {
  it('shows no email notifications before the store exists', async () => {
    renderApp('/my-store', { user: storedUser() });
    expect(await screen.findByRole('button', { name: 'CREATE YOUR STORE' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'EMAIL NOTIFICATIONS' })).not.toBeInTheDocument();
  });

  it('UK: coupon emails on and the weekly summary off by default; turning the summary on saves it with a toast', async () => {
    const bodies = acceptSaves();
    const { user } = renderApp('/my-store', {
      user: storedUser({ store: store() }),
      config: CLIENTS[7],
    });
    const form = await section();
    expect(form.getByLabelText('When one of my vouchers expires in 3 days')).toBeChecked();
    expect(form.getByLabelText('When one of my vouchers has expired')).toBeChecked();
    const weekly = form.getByLabelText(
      "A weekly summary of my page's views, code reveals and clicks",
    );
    expect(weekly).not.toBeChecked();
    await user.click(weekly);
    expect(await screen.findByText(MESSAGES.mailPreferencesSaved)).toBeVisible();
    expect(bodies).toEqual([{ weekly_summary: true }]);
    expect(weekly).toBeChecked();
  });

  it('US: names promo codes, and turning expired-coupon emails off sends only that kind', async () => {
    const bodies = acceptSaves();
    const { user } = renderApp('/my-store', {
      user: storedUser({ store: store({ client: 8 }) }),
      config: CLIENTS[8],
    });
    const form = await section();
    await user.click(form.getByLabelText('When one of my promo codes has expired'));
    await waitFor(() => expect(bodies).toEqual([{ expired_coupons: false }]));
    await waitFor(() =>
      expect(form.getByLabelText('When one of my promo codes has expired')).not.toBeChecked(),
    );
    expect(form.getByLabelText('When one of my promo codes expires in 3 days')).toBeChecked();
  });

  it('a failed save puts the box back and says why', async () => {
    server.use(
      http.put('*/api/v1/mail-preferences/', () =>
        HttpResponse.json({ message: 'Something went wrong' }, { status: 500 }),
      ),
    );
    const { user } = renderApp('/my-store', {
      user: storedUser({ store: store() }),
      config: CLIENTS[7],
    });
    const form = await section();
    const expiring = form.getByLabelText('When one of my vouchers expires in 3 days');
    await user.click(expiring);
    expect(await form.findByText('Something went wrong')).toBeVisible();
    await waitFor(() => expect(expiring).toBeChecked());
    expect(screen.queryByText(MESSAGES.mailPreferencesSaved)).not.toBeInTheDocument();
  });
});
