import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect } from 'storybook/test';
import { apiPath, failing, pending } from '../../../testing/api-handlers';
import { storedUser } from '../../../testing/fixtures';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import { RecentActivitySection } from './recent-activity-section';
import { ACTIVITY } from '../../../testing/story-activity';

const meta = {
  title: 'Merchant centre/Account/RecentActivitySection',
  component: RecentActivitySection,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  parameters: {
    path: '/account',
    session: storedUser(),
    msw: {
      handlers: {
        activity: http.get(apiPath('account/activity/'), () => HttpResponse.json(ACTIVITY)),
      },
    },
  },
} satisfies Meta<typeof RecentActivitySection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A sign-in, a failed one and a password change, newest first, each with its address. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Signed in from 203.0.113.7 with Chrome 142 on macOS 15'),
    ).toBeVisible();
    await expect(canvas.getByText('Failed sign-in attempt from 198.51.100.23')).toBeVisible();
    await expect(canvas.getByText('Password changed from 203.0.113.7')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { activity: pending('get', 'account/activity/') } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: { activity: http.get(apiPath('account/activity/'), () => HttpResponse.json([])) },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nothing recorded yet.')).toBeVisible();
  },
};

export const LoadFails: Story = {
  name: 'Error (cannot load)',
  parameters: { msw: { handlers: { activity: failing('get', 'account/activity/', 500) } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The recent activity could not be loaded.')).toBeVisible();
  },
};

export const VoucherNest: Story = { ...Default, globals: BRAND_STORIES.uk };
export const PromoPulse: Story = { ...Default, globals: BRAND_STORIES.promo };
export const DiscountDen: Story = { ...Default, globals: BRAND_STORIES.discount };
