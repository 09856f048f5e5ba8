import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { queueOf, renderConsole, reviewStore, STAFF } from './test/render-console';
import { server } from './test/server';

describe('approve or decline a store', () => {
  it("shows the server's field message when the decline reason is blank", async () => {
    server.use(
      http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf(reviewStore()))),
      http.post('*/api/v1/review/stores/41/decline/', () => HttpResponse.json({ reason: ['This field is required.'] }, { status: 400 })),
    );
    const { user } = renderConsole({ session: STAFF });
    await user.type(await screen.findByLabelText(/Reason for declining/), '   ');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('This field is required.')).toBeVisible();
  });

  it("shows the catalogue's message for a failed approval", async () => {
    server.use(
      http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf(reviewStore()))),
      http.post('*/api/v1/review/stores/41/approve/', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })),
    );
    const { user } = renderConsole({ session: STAFF });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Not found.')).toBeVisible();
  });
});
