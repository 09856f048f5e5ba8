import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { writeStoredUser } from '@cc/api';
import { me, store, storedUser } from '../../../testing/fixtures';
import { couponPage, page, wireCoupon } from '../../../testing/merchant-fixtures';
import { server } from '../../../testing/server';

const merchant = () => storedUser({ store: store() });

function answerCoupons(count: number) {
  server.use(http.get('*/api/v1/coupons', () => HttpResponse.json(couponPage(count))));
}

/** The coupon headings in the order shown. */
function shownOrder() {
  return screen
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);
}

// Screens are lazy chunks: the first render of a file compiles them, and the runner may be busy.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

beforeEach(() => {
  server.use(http.get('*/api/v1/coupons/', () => HttpResponse.json(page([]))));
});

describe('/coupons redirects', () => {
  it('goes to /my-store when the merchant has no store', async () => {
    const { router } = renderApp('/coupons', { user: storedUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-store'));
  });

  it('goes to /coupons/add when the store has no coupons', async () => {
    answerCoupons(0);
    const { router } = renderApp('/coupons', { user: merchant() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/coupons/add'));
  });

  it('stays on /coupons and says so when the coupons cannot be loaded, instead of taking it for an empty list', async () => {
    server.use(
      http.get('*/api/v1/coupons', () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    const { router } = renderApp('/coupons', { user: merchant() });
    expect(
      await screen.findByText('Your coupons could not be loaded. Reload the page to try again.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'My coupons' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/coupons');
  });
});

describe('/coupons list', () => {
  it("asks for the stored store's coupons while /auth/me/ is still on its way, not after it", async () => {
    const calls: string[] = [];
    let listAsked = () => {};
    const listSeen = new Promise<void>((resolve) => {
      listAsked = resolve;
    });
    writeStoredUser(merchant());
    server.use(
      http.get('*/api/v1/auth/me/', async () => {
        calls.push('me asked');
        // Answered once the list is asked for (or after 2 s): the list must not wait for it.
        await Promise.race([listSeen, delay(2000)]);
        calls.push('me answered');
        return HttpResponse.json(me({ store: store() }));
      }),
      http.get('*/api/v1/coupons', () => {
        calls.push('list asked');
        listAsked();
        return HttpResponse.json(couponPage(2));
      }),
    );
    renderApp('/coupons');
    expect(await screen.findByText(/Drag a coupon by its handle/)).toBeVisible();
    expect(calls).toEqual(['me asked', 'list asked', 'me answered']);
  });

  it("is 'My coupons' with a card per coupon, its Edit link, the add button and 'NEED HELP?'", async () => {
    answerCoupons(3);
    renderApp('/coupons', { user: merchant() });
    expect(await screen.findByRole('heading', { level: 1, name: 'My coupons' })).toBeVisible();
    expect(shownOrder()).toEqual(['1% OFF', '2% OFF', '3% OFF']);
    const first = screen.getAllByRole('article')[0];
    if (!first) throw new Error('no card');
    expect(within(first).getByRole('link', { name: /^Edit/ })).toHaveAttribute(
      'href',
      '/coupons/1',
    );
    expect(within(first).getByRole('link', { name: 'Use Coupon' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(first).getByText('Coupon number 1')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add coupon' })).toHaveAttribute(
      'href',
      '/coupons/add',
    );
    expect(screen.getByRole('link', { name: 'NEED HELP?' })).toHaveAttribute(
      'href',
      'mailto:help@vouchernest.co.uk',
    );
    expect(screen.getByText(/Drag a coupon by its handle/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('shows no drag hint and no handle with a single coupon', async () => {
    answerCoupons(1);
    renderApp('/coupons', { user: merchant() });
    expect(await screen.findByRole('heading', { name: '1% OFF' })).toBeVisible();
    expect(screen.queryByText(/Drag a coupon by its handle/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move coupon/ })).not.toBeInTheDocument();
  });

  it('shows the add button below 10 coupons and a greyed, inert one at exactly 10', async () => {
    answerCoupons(9);
    const first = renderApp('/coupons', { user: merchant() });
    expect(await screen.findByRole('link', { name: 'Add coupon' })).toBeVisible();
    first.unmount();
    answerCoupons(10);
    renderApp('/coupons', { user: merchant() });
    const button = await screen.findByRole('button', { name: 'Add coupon' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('A store can have at most 10 coupons.');
    expect(screen.queryByRole('link', { name: 'Add coupon' })).not.toBeInTheDocument();
  });
});

describe('/coupons reordering', () => {
  /** The drag-and-drop keyboard sensor reads keyCode: space lifts, an arrow moves, space drops. */
  async function press(keyCode: number) {
    const target = document.activeElement ?? document.body;
    fireEvent.keyDown(target, { keyCode });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }

  async function liftFirstAndMoveDown() {
    const handle = await screen.findByRole('button', { name: /^Move coupon 1 of 3/ });
    handle.focus();
    await press(32);
    await press(40);
    await press(32);
    await waitFor(() => expect(shownOrder()).toEqual(['2% OFF', '1% OFF', '3% OFF']));
  }

  it("reorders by keyboard, shows 'Save changes', 'Saving changes...' and the toast, and sends the order", async () => {
    answerCoupons(3);
    let body: unknown;
    server.use(
      http.post('*/api/v1/coupons/sort-coupons', async ({ request }) => {
        body = await request.json();
        await delay(50);
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderApp('/coupons', { user: merchant() });
    await liftFirstAndMoveDown();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('button', { name: 'Saving changes...' })).toBeDisabled();
    expect(await screen.findByText('Your changes were saved successfully')).toBeVisible();
    expect(body).toEqual({
      items: [
        { id: '2', sort_number: '1' },
        { id: '1', sort_number: '2' },
        { id: '3', sort_number: '3' },
      ],
    });
    expect(shownOrder()).toEqual(['2% OFF', '1% OFF', '3% OFF']);
    expect(screen.queryByRole('button', { name: /Save changes/ })).not.toBeInTheDocument();
  });

  it('puts the previous order back when saving fails', async () => {
    answerCoupons(3);
    server.use(
      http.post('*/api/v1/coupons/sort-coupons', () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    const { user } = renderApp('/coupons', { user: merchant() });
    await liftFirstAndMoveDown();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(shownOrder()).toEqual(['1% OFF', '2% OFF', '3% OFF']));
    expect(await screen.findByText('Server Error')).toBeVisible();
  });
});

describe('/coupons delete', () => {
  it('deletes a coupon after confirmation', async () => {
    let remaining = [wireCoupon(1), wireCoupon(2)];
    let deleted = '';
    server.use(
      http.get('*/api/v1/coupons', () => HttpResponse.json(page(remaining))),
      http.delete('*/api/v1/coupons/:id/', ({ params }) => {
        deleted = String(params.id);
        remaining = remaining.filter((coupon) => String(coupon.id) !== deleted);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/coupons', { user: merchant() });
    await user.click(await screen.findByRole('button', { name: 'Delete coupon 2% OFF' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete coupon?' });
    await user.click(within(dialog).getByRole('button', { name: 'No, go back' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleted).toBe('');
    await user.click(screen.getByRole('button', { name: 'Delete coupon 2% OFF' }));
    // Opened a second time while every other test file runs beside this one: allow it the time.
    const again = await screen.findByRole(
      'alertdialog',
      { name: 'Delete coupon?' },
      { timeout: 5000 },
    );
    await user.click(within(again).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(shownOrder()).toEqual(['1% OFF']));
    expect(deleted).toBe('2');
  });

  it('invites a new coupon when the last one is deleted here', async () => {
    let remaining = [wireCoupon(1)];
    server.use(
      http.get('*/api/v1/coupons', () => HttpResponse.json(page(remaining))),
      http.delete('*/api/v1/coupons/:id/', () => {
        remaining = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderApp('/coupons', { user: merchant() });
    await user.click(await screen.findByRole('button', { name: 'Delete coupon 1% OFF' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByRole('heading', { name: 'Create your first coupon' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/coupons');
  });
});
