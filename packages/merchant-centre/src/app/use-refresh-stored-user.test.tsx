import { StrictMode } from 'react';
import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UK_CLIENT } from '@cc/config';
import { authApi, writeStoredUser } from '@cc/api';
import type { User } from '@cc/contract';
import { me, store, storedUser } from '../testing/fixtures';
import { server } from '../testing/server';
import { createAppStore } from './store';
import { useRefreshStoredUser } from './use-refresh-stored-user';

/** The session module's chunk arrives when the test says so, as a slow network would deliver it. */
const sessionChunk = vi.hoisted(() => {
  let deliver = () => {};
  const arrived = new Promise<void>((resolve) => {
    deliver = resolve;
  });
  return { arrived, deliver: () => deliver() };
});
vi.mock('../lib/session/session', async (importOriginal) => {
  await sessionChunk.arrived;
  return importOriginal();
});

function Refresh() {
  useRefreshStoredUser();
  return null;
}

/** A signed-in start: the stored user, /auth/me/ answering (with `answer` over the stored fields), and the calls it gets. */
function signedInStart(answer: Partial<User> = {}) {
  writeStoredUser(storedUser({ store: store() }));
  const calls: string[] = [];
  server.use(
    http.get('*/api/v1/auth/me/', ({ request }) => {
      calls.push(request.method);
      return HttpResponse.json(me({ store: store(), ...answer }));
    }),
  );
  return { calls, appStore: createAppStore({ clientId: UK_CLIENT.clientId }) };
}

const meQuery = (appStore: ReturnType<typeof createAppStore>) =>
  authApi.endpoints.me.select()(appStore.getState() as never);

afterEach(() => server.events.removeAllListeners());

// In this order: the first test needs the session chunk still on its way.
describe('refreshing the stored user on start', () => {
  it('asks nothing when the app has closed before the session code arrived', async () => {
    const { calls, appStore } = signedInStart();
    const started: string[] = [];
    server.events.on('request:start', ({ request }) => started.push(request.url));
    const view = render(
      <Provider store={appStore}>
        <Refresh />
      </Provider>,
    );
    view.unmount();
    sessionChunk.deliver();
    await import('../lib/session/session');
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Not asked, not even on its way: the store holds no /auth/me/ query.
    expect(meQuery(appStore).isUninitialized).toBe(true);
    expect(started).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('asks /auth/me/ once, under StrictMode too', async () => {
    sessionChunk.deliver();
    const { calls, appStore } = signedInStart();
    render(
      <StrictMode>
        <Provider store={appStore}>
          <Refresh />
        </Provider>
      </StrictMode>,
    );
    await waitFor(() => expect(meQuery(appStore).isSuccess).toBe(true));
    expect(calls).toEqual(['GET']);
  });

  it("takes the screen's /auth/me/ answer when the screen asked first, instead of a second call", async () => {
    sessionChunk.deliver();
    const { calls, appStore } = signedInStart({ email_verified: true });
    // The screen on show asked first (its code came with its route) and has its answer.
    const screenCall = appStore.dispatch(authApi.endpoints.me.initiate());
    await screenCall;
    render(
      <Provider store={appStore}>
        <Refresh />
      </Provider>,
    );
    // The app start merges its answer into the stored user: done once the answer's verified flag is there.
    await waitFor(() =>
      expect(appStore.getState().session.user).toMatchObject({ email_verified: true }),
    );
    expect(calls).toEqual(['GET']);
    screenCall.unsubscribe();
  });
});
