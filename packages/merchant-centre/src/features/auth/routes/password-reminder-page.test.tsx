import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_AUTO_HIDE_MS } from '@cc/config';
import { expectAlertToHideAfter10Seconds } from '../../../testing/auto-hide';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';

const SENT =
  'Your password request was successfully sent. Check your email inbox for further instructions.';

afterEach(() => vi.useRealTimers());

describe('/auth/password-reminder', () => {
  it('requires the email', async () => {
    const { user } = renderApp('/auth/password-reminder');
    await user.click(await screen.findByRole('button', { name: 'SEND INSTRUCTIONS' }));
    expect(await screen.findByText('This field is required.')).toBeVisible();
  });

  it("sends site id 2 and shows the success text; a 404 then gives 'No User Found' and hides it", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/auth/password-reset', async ({ request }) => {
        const body = (await request.json()) as { email: string };
        bodies.push(body);
        return body.email === 'known@acme.test'
          ? HttpResponse.json({ message: SENT })
          : HttpResponse.json({ message: 'No User Found' }, { status: 404 });
      }),
    );
    const { user } = renderApp('/auth/password-reminder');
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'known@acme.test');
    await user.click(screen.getByRole('button', { name: 'SEND INSTRUCTIONS' }));
    expect(await screen.findByText(SENT)).toBeVisible();
    expect(bodies[0]).toEqual({ email: 'known@acme.test', siteId: 2 });

    await user.clear(email);
    await user.type(email, 'nobody@acme.test{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No User Found');
    expect(screen.queryByText(SENT)).toBeNull();
  });

  it("hides 'No User Found' after 10 seconds", async () => {
    server.use(
      http.post('*/api/v1/auth/password-reset', () =>
        HttpResponse.json({ message: 'No User Found' }, { status: 404 }),
      ),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderApp('/auth/password-reminder');
    await user.type(await screen.findByLabelText('Email'), 'nobody@acme.test{Enter}');
    await expectAlertToHideAfter10Seconds('No User Found');
  });

  it('keeps the success text past 10 seconds: it hides only on a failure', async () => {
    server.use(
      http.post('*/api/v1/auth/password-reset', () => HttpResponse.json({ message: SENT })),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderApp('/auth/password-reminder');
    await user.type(await screen.findByLabelText('Email'), 'known@acme.test{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTIFICATION_AUTO_HIDE_MS * 3);
    });
    expect(screen.getByRole('status')).toHaveTextContent(SENT);
  });
});
