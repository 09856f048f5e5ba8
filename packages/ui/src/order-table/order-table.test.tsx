import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderTable } from './order-table';
import type { Order } from './order-table';

const orders: Order[] = [
  { id: 42, date: '2025-12-21', amount: '£19.99', receiptUrl: '/receipts/42' },
  { id: 41, date: '2025-11-21', amount: '£19.99', receiptUrl: '/receipts/41' },
];

function renderTable() {
  render(
    <>
      <h2 id="history">Order History</h2>
      <OrderTable aria-labelledby="history" orders={orders} />
    </>,
  );
  return screen.getByRole('table', { name: 'Order History' });
}

describe('OrderTable', () => {
  it('has the columns Order ID, Date, Amount and a receipt column', () => {
    const table = within(renderTable());
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order ID',
      'Date',
      'Amount',
      'Receipt',
    ]);
  });

  it("shows each order as #id, date, amount and a 'View Receipt' link, in the order given", () => {
    const rows = within(renderTable()).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['#42', '2025-12-21', '£19.99', 'View Receipt'],
      ['#41', '2025-11-21', '£19.99', 'View Receipt'],
    ]);
  });

  it('opens each receipt in a new tab, the link naming its order', () => {
    renderTable();
    const receipt = screen.getByRole('link', { name: 'View Receipt for order #41' });
    expect(receipt).toHaveAttribute('href', '/receipts/41');
    expect(receipt).toHaveAttribute('target', '_blank');
    expect(receipt).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it("offers 'Download invoice' beside the receipt of an order with an invoice, saved as its number", () => {
    render(
      <OrderTable
        orders={[
          {
            ...orders[0],
            id: 42,
            invoiceUrl: '/invoices/abc.pdf',
            invoiceNumber: 'VN-000042',
          } as Order,
          { ...orders[1], id: 41, invoiceUrl: null, invoiceNumber: null } as Order,
        ]}
      />,
    );
    const invoice = screen.getByRole('link', { name: 'Download invoice for order #42' });
    expect(invoice).toHaveAttribute('href', '/invoices/abc.pdf');
    expect(invoice).toHaveAttribute('download', 'VN-000042.pdf');
    expect(
      screen.queryByRole('link', { name: 'Download invoice for order #41' }),
    ).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /View Receipt/ })).toHaveLength(2);
  });
});
