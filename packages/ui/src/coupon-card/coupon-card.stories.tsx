import argosLogo from '@cc/config/brands/uk-argos.svg';
import bestBuyLogo from '@cc/config/brands/us-best-buy.svg';
import bootsLogo from '@cc/config/brands/uk-boots.svg';
import currysLogo from '@cc/config/brands/uk-currys.svg';
import johnLewisLogo from '@cc/config/brands/uk-john-lewis.svg';
import lowesLogo from '@cc/config/brands/us-lowes.svg';
import nextLogo from '@cc/config/brands/uk-next.svg';
import nikeLogo from '@cc/config/brands/us-nike.svg';
import nordstromLogo from '@cc/config/brands/us-nordstrom.svg';
import petcoLogo from '@cc/config/brands/us-petco.svg';
import sephoraLogo from '@cc/config/brands/us-sephora.svg';
import superdrugLogo from '@cc/config/brands/uk-superdrug.svg';
import targetLogo from '@cc/config/brands/us-target.svg';
import ultaLogo from '@cc/config/brands/us-ulta-beauty.svg';
import walmartLogo from '@cc/config/brands/us-walmart.svg';
import wayfairLogo from '@cc/config/brands/us-wayfair.svg';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { linkClasses, useTheme } from '../theme';
import { CouponCard } from './coupon-card';
import type { CouponCardProps } from './coupon-card';
import { OFFER_LABELS } from '@cc/contract/offer';
import type { OfferLabel } from '@cc/contract/offer';

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

type Merchant = { logo: string; name: string };

/** Stores shown on each brand's cards, one per offer type. */
const MERCHANTS: Record<'uk' | 'us-promo' | 'us-discount', Merchant[]> = {
  uk: [
    { logo: argosLogo, name: 'Argos' },
    { logo: bootsLogo, name: 'Boots' },
    { logo: currysLogo, name: 'Currys' },
    { logo: johnLewisLogo, name: 'John Lewis' },
    { logo: nextLogo, name: 'Next' },
    { logo: superdrugLogo, name: 'Superdrug' },
  ],
  'us-promo': [
    { logo: targetLogo, name: 'Target' },
    { logo: bestBuyLogo, name: 'Best Buy' },
    { logo: nikeLogo, name: 'Nike' },
    { logo: sephoraLogo, name: 'Sephora' },
    { logo: walmartLogo, name: 'Walmart' },
    { logo: targetLogo, name: 'Target' },
  ],
  'us-discount': [
    { logo: lowesLogo, name: "Lowe's" },
    { logo: wayfairLogo, name: 'Wayfair' },
    { logo: ultaLogo, name: 'Ulta Beauty' },
    { logo: nordstromLogo, name: 'Nordstrom' },
    { logo: petcoLogo, name: 'Petco' },
    { logo: wayfairLogo, name: 'Wayfair' },
  ],
};

const OFFERS: { type: OfferLabel; title: string }[] = [
  { type: 'sale', title: '20% OFF' },
  { type: 'free-shipping', title: 'Free Shipping' },
  { type: 'bogo', title: 'Buy One Get One Free' },
  { type: 'freebie', title: 'Free Tote Bag' },
  { type: 'rebate', title: '10% Cashback' },
  { type: 'gift-card', title: 'Bonus Gift Card' },
];

function OfferTypes({ brand, ...props }: CouponCardProps & { brand: unknown }) {
  const merchants = MERCHANTS[brand === 'us-promo' || brand === 'us-discount' ? brand : 'uk'];
  return (
    <div className="grid gap-3">
      {OFFERS.map((offer, index) => {
        const merchant = merchants[index] ?? { logo: argosLogo, name: 'Argos' };
        return (
          <CouponCard
            key={offer.type}
            {...props}
            merchantName={merchant.name}
            merchantLogoUrl={merchant.logo}
            offerType={offer.type}
            offerPrefix={offer.type === 'sale' ? 'UP TO' : null}
            offerTitle={offer.title}
            offerSuffix={null}
            description={`${OFFER_LABELS[offer.type]} offer: ${props.description}`}
            editSlot={<EditLink id={index + 1} />}
          />
        );
      })}
    </div>
  );
}

export const AllOfferTypes: Story = {
  render: (args, { globals }) => <OfferTypes {...args} brand={globals['brand'] as unknown} />,
  play: async ({ canvas }) => {
    for (const label of Object.values(OFFER_LABELS))
      await expect(canvas.getAllByText(label).length).toBeGreaterThan(0);
  },
};

export const UK: Story = {
  globals: BRAND_GLOBALS.uk,
  render: (args, { globals }) => <OfferTypes {...args} brand={globals['brand'] as unknown} />,
};
export const PromoPulse: Story = {
  globals: BRAND_GLOBALS.promo,
  args: {
    storeUrl: 'https://www.promopulse.com/stores/target-promo-codes',
    destinationUrl: 'https://www.target.com/',
  },
  render: (args, { globals }) => <OfferTypes {...args} brand={globals['brand'] as unknown} />,
};
export const DiscountDen: Story = {
  globals: BRAND_GLOBALS.discount,
  args: {
    storeUrl: 'https://www.discountden.com/stores/wayfair-discount-codes',
    destinationUrl: 'https://www.wayfair.com/',
  },
  render: (args, { globals }) => <OfferTypes {...args} brand={globals['brand'] as unknown} />,
};
