import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PASSKEY_MESSAGES, type Passkey } from '@cc/contract';
import {
  queueOf,
  renderConsole,
  reviewStore,
  STAFF,
  storeDetails,
} from '../../../testing/render-console';
import { server } from '../../../testing/server';

const KEY: Passkey = {
  id: 3,
  name: 'Office key',
  created_at: '2025-11-02T12:00:00.000Z',
  last_used_at: null,
};

describe('Passkeys screen', () => {
  it("lists the member's passkeys, says when the browser cannot add one, and removes one after the confirmation", async () => {
    let list = [KEY];
    const removed: string[] = [];
    server.use(
      http.get('*/api/v1/staff/me/', () =>
        HttpResponse.json({ id: 1, email: STAFF.email, role: 'reviewer' }),
      ),
      http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf(reviewStore()))),
      storeDetails(reviewStore()),
      http.get('*/api/v1/account/passkeys/', () => HttpResponse.json({ results: list })),
      http.delete('*/api/v1/account/passkeys/:id/', ({ params }) => {
        removed.push(String(params.id));
        list = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderConsole({ session: STAFF });
    await user.click(await screen.findByRole('button', { name: 'Passkeys' }));
    const listed = await screen.findByRole('list', { name: PASSKEY_MESSAGES.sectionTitle });
    expect(within(listed).getByText('Office key')).toBeVisible();
    expect(within(listed).getByText(new RegExp(PASSKEY_MESSAGES.neverUsed))).toBeVisible();
    // jsdom has no WebAuthn, as an old browser.
    expect(screen.getByText(PASSKEY_MESSAGES.unsupported)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remove Office key' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: PASSKEY_MESSAGES.remove }));
    expect(await screen.findByText(PASSKEY_MESSAGES.removed)).toBeVisible();
    expect(await screen.findByText(PASSKEY_MESSAGES.none)).toBeVisible();
    expect(removed).toEqual(['3']);
  });
});
