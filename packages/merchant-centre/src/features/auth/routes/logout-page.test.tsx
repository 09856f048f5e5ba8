import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readCookie, readStoredUser, saveTokens } from '@cc/api';
import { renderApp } from '../../../testing/render-app';
import { storedUser, tokens } from '../../../testing/fixtures';
import { server } from '../../../testing/server';

describe('/logout', () => {
  it("says 'Sorry to see you go ...', clears storage and cookies, has the server revoke the session, then opens the root", async () => {
    let call: { path: string; body: string } | undefined;
    server.use(
      http.post('*/api/v1/auth/logout/', async ({ request }) => {
        call = { path: new URL(request.url).pathname, body: await request.text() };
        return HttpResponse.json({ success: true });
      }),
    );
    saveTokens(tokens('tok-1'));
    document.cookie = 'other=1; path=/';
    localStorage.setItem('unrelated', 'x');
    const { router } = renderApp('/logout', { user: storedUser({ token: 'tok-1' }) });
    expect(await screen.findByRole('heading', { name: 'Sorry to see you go ...' })).toBeVisible();
    await waitFor(() => expect(readStoredUser()).toBeNull());
    expect(readCookie('cc_token')).toBeNull();
    expect(readCookie('other')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBeNull();
    // The refresh token goes as the HttpOnly cookie of this exact path, never in the body.
    expect(call).toEqual({ path: '/api/v1/auth/logout/', body: '' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeVisible();
  });
});
