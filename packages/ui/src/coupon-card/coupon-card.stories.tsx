import argosLogo from '@cc/config/brands/uk-argos.svg';
import bootsLogo from '@cc/config/brands/uk-boots.svg';
import nikeLogo from '@cc/config/brands/us-nike.svg';
import targetLogo from '@cc/config/brands/us-target.svg';
import wayfairLogo from '@cc/config/brands/us-wayfair.svg';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { BRAND_GLOBALS } from '../internal/story-brands';
import { linkClasses, useTheme } from '../theme';
import { CouponCard } from './coupon-card';
import type { CouponCardProps } from './coupon-card';
import { OFFER_LABELS } from './offer-badge';
import type { OfferLabel } from './offer-badge';

function EditLink({ id }: { id: number }) {
  const theme = useTheme();
  return (
    <a href={`/coupons/${id}`} className={linkClasses(theme)}>
      Edit
    </a>
  );
}

const meta = {
  title: 'Coupons/CouponCard',
  component: CouponCard,
  tags: ['autodocs'],
  args: {
    merchantName: 'Argos',
    merchantLogoUrl: argosLogo,
    storeUrl: 'https://www.vouchernest.co.uk/stores/argos-voucher-codes',
    offerType: 'sale',
    offerPrefix: 'UP TO',
    offerTitle: '20% OFF',
    offerSuffix: 'Sitewide',
    description: 'Save on toys, tech and home essentials this weekend.',
    destinationUrl: 'https://www.argos.co.uk/',
    editSlot: <EditLink id={41} />,
  },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CouponCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const use = canvas.getByRole('link', { name: 'Use Coupon' });
    await expect(use).toHaveAttribute('target', '_blank');
    await expect(use).toHaveAttribute('rel', expect.stringContaining('noopener'));
  },
};

export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Use Coupon' })).toHaveFocus();
  },
};

export const FreeShipping: Story = {
  args: {
    offerType: 'free-shipping',
    offerPrefix: null,
    offerTitle: 'Free Shipping',
    offerSuffix: 'on orders over £30',
  },
};
export const Bogo: Story = {
  args: {
    offerType: 'bogo',
    offerPrefix: null,
    offerTitle: 'Buy One Get One Free',
    offerSuffix: null,
  },
};
export const Freebie: Story = {
  args: {
    offerType: 'freebie',
    offerPrefix: null,
    offerTitle: 'Free Gift',
    offerSuffix: 'with any order',
  },
};
export const Rebate: Story = {
  args: { offerType: 'rebate', offerPrefix: null, offerTitle: '£5 Cashback' },
};
export const GiftCard: Story = {
  args: {
    offerType: 'gift-card',
    offerPrefix: null,
    offerTitle: '£10 Gift Card',
    offerSuffix: 'when you spend £100',
  },
};

export const WithStats: Story = {
  args: { extraSlot: <span>124 views · 31 clicks this month</span> },
};

export const Empty: Story = {
  name: 'Empty (no logo, no description)',
  args: {
    merchantLogoUrl: null,
    description: '',
    offerPrefix: null,
    offerSuffix: null,
    offerTitle: 'Sale',
    editSlot: undefined,
  },
};

export const WithError: Story = {
  name: 'Error (logo fails to load)',
  args: { merchantLogoUrl: '/missing-logo.png' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Argos store page' })).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    merchantName: 'The Extraordinarily Long Named Outdoor Equipment Company',
    offerTitle: '£1,250.00 OFF',
    offerSuffix: 'all garden furniture sets, barbecues and outdoor heaters',
    description:
      'Save on every tent, sleeping bag and camping stove in store and online this weekend only, while stock lasts, exclusions apply',
  },
};

const ALL_TYPES: { type: OfferLabel; title: string; logo: string; name: string }[] = [
  { type: 'sale', title: '20% OFF', logo: argosLogo, name: 'Argos' },
  { type: 'free-shipping', title: 'Free Shipping', logo: bootsLogo, name: 'Boots' },
  { type: 'bogo', title: 'Buy One Get One Free', logo: targetLogo, name: 'Target' },
  { type: 'freebie', title: 'Free Tote Bag', logo: nikeLogo, name: 'Nike' },
  { type: 'rebate', title: '10% Cashback', logo: wayfairLogo, name: 'Wayfair' },
  { type: 'gift-card', title: 'Bonus Gift Card', logo: argosLogo, name: 'Argos' },
];

function OfferTypes(props: CouponCardProps) {
  return (
    <div className="grid gap-3">
      {ALL_TYPES.map((item, index) => (
        <CouponCard
          key={item.type}
          {...props}
          merchantName={item.name}
          merchantLogoUrl={item.logo}
          offerType={item.type}
          offerPrefix={item.type === 'sale' ? 'UP TO' : null}
          offerTitle={item.title}
          offerSuffix={null}
          description={`${OFFER_LABELS[item.type]} offer: ${props.description}`}
          editSlot={<EditLink id={index + 1} />}
        />
      ))}
    </div>
  );
}

export const AllOfferTypes: Story = {
  render: (args) => <OfferTypes {...args} />,
  play: async ({ canvas }) => {
    for (const label of Object.values(OFFER_LABELS))
      await expect(canvas.getAllByText(label).length).toBeGreaterThan(0);
  },
};

export const UK: Story = { globals: BRAND_GLOBALS.uk, render: (args) => <OfferTypes {...args} /> };
export const PromoPulse: Story = {
  globals: BRAND_GLOBALS.promo,
  args: {
    storeUrl: 'https://www.promopulse.com/stores/target-promo-codes',
    destinationUrl: 'https://www.target.com/',
  },
  render: (args) => <OfferTypes {...args} />,
};
export const DiscountDen: Story = {
  globals: BRAND_GLOBALS.discount,
  args: {
    storeUrl: 'https://www.discountden.com/stores/wayfair-discount-codes',
    destinationUrl: 'https://www.wayfair.com/',
  },
  render: (args) => <OfferTypes {...args} />,
};
