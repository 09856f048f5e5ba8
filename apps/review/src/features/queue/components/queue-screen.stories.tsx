import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { ReviewQueueEntry } from '@cc/contract';
import { answer, unanswered } from '../../../testing/api-answers';
import { queueEntry, queueOf, reviewStore, STAFF } from '../../../testing/console-fixtures';
import { withConsoleProviders } from '../../../testing/story-providers';
import { QueueScreen } from './queue-screen';

const ACME = reviewStore();
const BRIGHT = reviewStore({ id: 42, name: 'Bright Lamps' });

/** The selected store's place: the console shows its review there (features/store-review). */
const renderSelected = (entry: ReviewQueueEntry) => (
  <p className="rounded-lg bg-white p-4 shadow">The review of {entry.store.name} shows here.</p>
);

const meta = {
  title: 'Staff console/Queue/QueueScreen',
  component: QueueScreen,
  tags: ['autodocs'],
  decorators: [withConsoleProviders],
  args: { renderSelected },
  parameters: {
    layout: 'fullscreen',
    session: STAFF,
    msw: { handlers: { queue: answer('get', 'review/stores/', queueOf(ACME, BRIGHT)) } },
  },
} satisfies Meta<typeof QueueScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two pending stores, the oldest selected. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const stores = within(await canvas.findByRole('list', { name: 'Stores' }));
    await expect(await stores.findAllByRole('button')).toHaveLength(2);
    await expect(stores.getByRole('button', { name: /Acme Outdoors/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Pending' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('1–2 of 2');
  },
};

/** Waiting for the queue. */
export const Loading: Story = {
  parameters: { msw: { handlers: { queue: unanswered('get', 'review/stores/') } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading the queue…')).toBeVisible();
  },
};

/** Nothing pending. */
export const Empty: Story = {
  parameters: { msw: { handlers: { queue: answer('get', 'review/stores/', queueOf()) } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nothing to review.')).toBeVisible();
    await expect(canvas.getByText('Select a store.')).toBeVisible();
  },
};

/** The queue fails to load: the server's message. */
export const Failed: Story = {
  name: 'Error (queue fails to load)',
  parameters: {
    msw: {
      handlers: {
        queue: answer('get', 'review/stores/', { message: 'The queue is unavailable.' }, 503),
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The queue is unavailable.');
  },
};

/** The first of three pages: Next leads on, Previous is there but inert. */
export const FirstOfSeveralPages: Story = {
  name: 'First of several pages',
  parameters: {
    msw: {
      handlers: {
        queue: answer('get', 'review/stores/', {
          count: 45,
          next: '/api/v1/review/stores/?cursor=page-2',
          previous: null,
          results: [ACME, BRIGHT].map(queueEntry),
        }),
      },
    },
  },
  play: async ({ canvas }) => {
    const pages = within(await canvas.findByRole('group', { name: 'Pages' }));
    await expect(await pages.findByRole('status')).toHaveTextContent('1–2 of 45');
    await expect(pages.getByRole('button', { name: 'Previous' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(pages.getByRole('button', { name: 'Next' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
  },
};
