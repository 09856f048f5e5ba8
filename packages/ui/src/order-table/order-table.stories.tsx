import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { INITIAL_VIEWPORTS } from 'storybook/viewport';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { OrderTable } from './order-table';
import type { Order } from './order-table';

const HEADING_ID = 'order-history';

const ORDERS: Order[] = [
  {
    id: 43,
    date: '2026-01-21',
    amount: '£19.99',
    receiptUrl: 'https://example.com/receipts/43',
  },
  {
    id: 42,
    date: '2025-12-21',
    amount: '£19.99',
    receiptUrl: 'https://example.com/receipts/42',
  },
  {
    id: 41,
    date: '2025-11-21',
    amount: '£19.99',
    receiptUrl: 'https://example.com/receipts/41',
  },
];

/** The viewport of a 390 px wide phone (iPhone 12/13/14). */
const PHONE = {
  parameters: { viewport: { options: INITIAL_VIEWPORTS } },
  globals: { viewport: { value: 'iphone12', isRotated: false } },
};

/** The element that would scroll sideways: the table's bordered box. */
function scrollBox(table: HTMLElement): HTMLElement {
  const box = table.parentElement;
  if (!box) throw new Error('The table has no box around it');
  return box;
}

const meta = {
  title: 'Billing/OrderTable',
  component: OrderTable,
  tags: ['autodocs'],
  args: { orders: ORDERS, 'aria-labelledby': HEADING_ID },
  decorators: [
    (Story) => (
      <section aria-labelledby={HEADING_ID} className="max-w-4xl">
        <h2 id={HEADING_ID} className="mb-4 text-lg font-bold text-slate-900">
          Order History
        </h2>
        <Story />
      </section>
    ),
  ],
} satisfies Meta<typeof OrderTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Order History' });
    await expect(canvas.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order ID',
      'Date',
      'Amount',
      'Receipt',
    ]);
    // On a wide screen the column headers are shown as a row above the orders.
    const header = canvas.getByRole('columnheader', { name: 'Date' });
    await expect(header.getBoundingClientRect().width).toBeGreaterThan(40);
    await expect(getComputedStyle(table).display).toBe('table');
    const receipt = canvas.getByRole('link', { name: 'View Receipt for order #41' });
    await expect(receipt).toHaveAttribute('href', 'https://example.com/receipts/41');
    await expect(receipt).toHaveAttribute('target', '_blank');
  },
};

/** Orders with an invoice: 'Download invoice' beside 'View Receipt', saved as the invoice's number. */
export const WithInvoices: Story = {
  args: {
    orders: ORDERS.map((order) => ({
      ...order,
      invoiceUrl: `https://example.com/invoices/${order.id}.pdf`,
      invoiceNumber: `VN-0000${order.id}`,
    })),
  },
  play: async ({ canvas }) => {
    const invoice = canvas.getByRole('link', { name: 'Download invoice for order #41' });
    await expect(invoice).toHaveAttribute('download', 'VN-000041.pdf');
    await expect(canvas.getByRole('link', { name: 'View Receipt for order #41' })).toBeVisible();
  },
};

export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'View Receipt for order #43' })).toHaveFocus();
  },
};

export const Phone: Story = {
  ...PHONE,
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(390);
    const table = canvas.getByRole('table', { name: 'Order History' });
    const box = scrollBox(table);
    // Nothing scrolls sideways: not the table's box, not the page.
    await expect(table.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    // Still a table for assistive tech, with every cell under its column header.
    await expect(canvas.getAllByRole('columnheader')).toHaveLength(4);
    await expect(canvas.getAllByRole('row')).toHaveLength(ORDERS.length + 1);
    // Each cell shows its column's name, as the header row is not shown.
    const date = canvas.getByRole('cell', { name: '2025-11-21' });
    await expect(getComputedStyle(date, '::before').content).toContain('Date');
    const receipt = canvas.getByRole('link', { name: 'View Receipt for order #41' });
    await expect(receipt).toBeVisible();
    await expect(receipt.getBoundingClientRect().right).toBeLessThanOrEqual(
      box.getBoundingClientRect().right,
    );
  },
};

export const PhoneLongText: Story = {
  ...PHONE,
  args: {
    orders: [
      {
        id: 'in_1QxYz2AbCdEfGhIjKlMnOpQr',
        date: '2026-11-21',
        amount: '$12,345,678.90',
        receiptUrl: 'https://example.com/receipts/in_1QxYz2AbCdEfGhIjKlMnOpQr',
      },
      ...ORDERS,
    ],
  },
  play: async ({ canvas }) => {
    const box = scrollBox(canvas.getByRole('table', { name: 'Order History' }));
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const UK: Story = { globals: BRAND_GLOBALS.uk };
export const PromoPulse: Story = {
  globals: BRAND_GLOBALS.promo,
  args: {
    orders: ORDERS.map((order) => ({ ...order, amount: '$24.99' })),
  },
};
export const DiscountDen: Story = {
  globals: BRAND_GLOBALS.discount,
  args: {
    orders: ORDERS.map((order) => ({ ...order, amount: '$24.99' })),
  },
};
export const UKPhoneWithInvoices: Story = {
  ...PHONE,
  globals: { ...PHONE.globals, ...BRAND_GLOBALS.uk },
  args: WithInvoices.args,
  play: async ({ canvas }) => {
    const box = scrollBox(canvas.getByRole('table', { name: 'Order History' }));
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    await expect(
      canvas.getByRole('link', { name: 'Download invoice for order #43' }),
    ).toBeVisible();
  },
};
export const UKPhone: Story = { ...PHONE, globals: { ...PHONE.globals, ...BRAND_GLOBALS.uk } };
