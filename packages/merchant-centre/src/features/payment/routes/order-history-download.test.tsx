import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';
import { page, plan, transaction } from '../../../testing/merchant-fixtures';
import { server } from '../../../testing/server';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => vi.restoreAllMocks());

const CSV =
  'Order ID,Date,Description,Amount,Currency,Status,Receipt\r\n41,2025-11-21,"VoucherNest Store Page, monthly subscription",19.99,GBP,Paid,https://r/41\r\n';
const FILENAME = 'vouchernest-acme-voucher-codes-orders-2026-02-01.csv';

function answerBilling(count: number) {
  server.use(
    http.get('*/api/v1/coupon-center-plans/', () => HttpResponse.json(page([plan()]))),
    http.get('*/api/v1/coupon-center-transactions/', () =>
      HttpResponse.json(page(Array.from({ length: count }, (_, index) => transaction(41 + index)))),
    ),
  );
}

const merchantWithOrders = () => storedUser({ store: store(), coupon_center_txn: { id: 41 } });

/** Catches what the browser would save: the blob behind the object URL and the link's download name. */
function captureSaves() {
  const blobs = new Map<string, Blob>();
  let counter = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    counter += 1;
    const url = `blob:orders-${counter}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  const saved: { name: string; blob: Blob | undefined }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return saved;
}

describe('Order History download', () => {
  it("shows 'Download CSV' beside the Order History heading and saves the server's file under its name", async () => {
    answerBilling(1);
    let authorization: string | null = null;
    server.use(
      http.get('*/api/v1/billing/orders.csv', ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse(`\uFEFF${CSV}`, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${FILENAME}"`,
          },
        });
      }),
    );
    const saved = captureSaves();
    const { user } = renderApp('/payment', { user: merchantWithOrders() });
    const heading = await screen.findByRole('heading', { name: 'Order History' });
    const section = within(heading.closest('section') as HTMLElement);
    await user.click(section.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(authorization).toBe('Bearer access-1');
    expect(saved[0]?.name).toBe(FILENAME);
    expect(saved[0]?.blob?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await (saved[0]?.blob as Blob).arrayBuffer());
    // UTF-8 with one byte order mark, then the server's text.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe(CSV);
  });

  it('shows no download while there are no orders', async () => {
    answerBilling(0);
    renderApp('/payment', { user: storedUser({ store: store() }) });
    expect(await screen.findByRole('link', { name: 'Subscribe Now' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('saves nothing when the download fails, and the button is usable again', async () => {
    answerBilling(1);
    server.use(
      http.get('*/api/v1/billing/orders.csv', () =>
        HttpResponse.json({ message: 'Down' }, { status: 503 }),
      ),
    );
    const saved = captureSaves();
    const { user } = renderApp('/payment', { user: merchantWithOrders() });
    const button = await screen.findByRole('button', { name: 'Download CSV' });
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled());
    expect(saved).toEqual([]);
  });
});
