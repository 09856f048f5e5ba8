import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { AuditPage } from '@cc/contract';
import { answer, answerByQuery, unanswered } from '../../../testing/api-answers';
import {
  ADMIN,
  AUDIT_FIRST_PAGE,
  AUDIT_SECOND_PAGE,
  auditEvent,
  STAFF,
} from '../../../testing/console-fixtures';
import { withConsoleProviders } from '../../../testing/story-providers';
import { AuditScreen } from './audit-screen';

/** GET /audit/: the first page, or the second for its cursor. */
const pages = answerByQuery('audit/', (query) =>
  query.get('cursor') === 'page-2' ? AUDIT_SECOND_PAGE : AUDIT_FIRST_PAGE,
);

/** Store declines by the admin: two pages of them. */
const declines = (ids: number[], next: string | null): AuditPage => ({
  results: ids.map((id) =>
    auditEvent(id, {
      actor_user_id: ADMIN.id,
      actor_role: 'staff',
      actor_email: ADMIN.email,
      action: 'review.declined',
      target_type: 'store',
      target_id: String(40 + id),
      details: { reason: `Reason number ${id}` },
    }),
  ),
  next,
});

const meta = {
  title: 'Staff console/Audit/AuditScreen',
  component: AuditScreen,
  tags: ['autodocs'],
  decorators: [withConsoleProviders],
  parameters: { layout: 'fullscreen', session: STAFF, msw: { handlers: { pages } } },
} satisfies Meta<typeof AuditScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The entries' rows, headings left out. */
const entryRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

/** The newest entries, with "Load more" for the next page. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table');
    await expect(entryRows(table)).toHaveLength(2);
    const [declined] = entryRows(table);
    await expect(declined).toHaveTextContent('Store declined');
    await expect(declined).toHaveTextContent('reason: No logo yet');
    await expect(canvas.getByRole('button', { name: 'Load more' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  },
};

/** Waiting for the first page. */
export const Loading: Story = {
  parameters: { msw: { handlers: { pages: unanswered('get', 'audit/') } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading the audit…')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** Nothing recorded that the filters select. */
export const Empty: Story = {
  parameters: {
    msw: { handlers: { pages: answer('get', 'audit/', { results: [], next: null }) } },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No entries match.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

/** Not the caller's to read: the server's message. */
export const Failed: Story = {
  name: 'Error (not allowed)',
  parameters: {
    msw: {
      handlers: {
        pages: answer(
          'get',
          'audit/',
          { message: 'You do not have permission to perform this action.' },
          403,
        ),
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'You do not have permission to perform this action.',
    );
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** Filtered to the admin's store declines, and their next page loaded below the first. */
export const FilteredWithNextPage: Story = {
  name: 'Filters applied, next page loaded',
  parameters: {
    msw: {
      handlers: {
        pages: answerByQuery('audit/', (query) => {
          if (query.get('action') !== 'review.declined') return AUDIT_FIRST_PAGE;
          return query.get('cursor') === 'declines-2'
            ? declines([1], null)
            : declines([3, 2], 'declines-2');
        }),
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('table');
    const filters = canvas.getByRole('form', { name: 'Audit filters' });
    await userEvent.type(within(filters).getByLabelText('Actor'), ADMIN.email);
    await userEvent.selectOptions(within(filters).getByLabelText('Action'), 'Store declined');
    await userEvent.click(within(filters).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(canvas.getByText('reason: Reason number 3')).toBeVisible());
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    const table = canvas.getByRole('table');
    await waitFor(() => expect(entryRows(table)).toHaveLength(3));
    await expect(entryRows(table).every((row) => row.textContent.includes('Store declined'))).toBe(
      true,
    );
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
    await expect(within(filters).getByLabelText('Action')).toHaveValue('review.declined');
  },
};
