import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CouponCard } from './coupon-card';
import type { CouponCardProps } from './coupon-card';
import { OFFER_LABELS } from '@cc/contract/offer';
import type { OfferLabel } from '@cc/contract/offer';

const base: CouponCardProps = {
  merchantName: 'Argos',
  merchantLogoUrl: '/logos/argos.png',
  storeUrl: 'https://www.vouchernest.co.uk/stores/argos-voucher-codes',
  offerType: 'sale',
  offerPrefix: 'UP TO',
  offerTitle: '20% OFF',
  offerSuffix: 'Sitewide',
  description: 'Save on toys and tech.',
  destinationUrl: 'https://www.argos.co.uk/deals',
};

describe('CouponCard', () => {
  it('shows the merchant logo linking to the store URL, and the merchant name', () => {
    render(<CouponCard {...base} />);
    const logo = screen.getByRole('img', { name: 'Argos logo' });
    expect(logo.closest('a')).toHaveAttribute('href', base.storeUrl);
    expect(screen.getByText('Argos')).toBeInTheDocument();
  });

  it('shows the offer prefix, title and suffix as the heading, and the description', () => {
    render(<CouponCard {...base} />);
    const card = screen.getByRole('article', { name: 'UP TO 20% OFF Sitewide' });
    expect(
      within(card).getByRole('heading', { level: 3, name: 'UP TO 20% OFF Sitewide' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('Save on toys and tech.')).toBeInTheDocument();
  });

  it("opens the destination URL in a new tab from 'Use Coupon', with rel noopener", () => {
    render(<CouponCard {...base} />);
    const use = screen.getByRole('link', { name: 'Use Coupon' });
    expect(use).toHaveAttribute('href', base.destinationUrl);
    expect(use).toHaveAttribute('target', '_blank');
    expect(use.getAttribute('rel')?.split(' ')).toContain('noopener');
    expect(use).toHaveAccessibleDescription('Opens in a new tab');
  });

  it('renders the Edit link and extra slots', () => {
    render(
      <CouponCard
        {...base}
        editSlot={<a href="/coupons/41">Edit</a>}
        extraSlot={<span>31 clicks</span>}
      />,
    );
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/coupons/41');
    expect(screen.getByText('31 clicks')).toBeInTheDocument();
  });

  it.each(Object.entries(OFFER_LABELS) as [OfferLabel, string][])(
    'renders the %s label',
    (type, label) => {
      render(<CouponCard {...base} offerType={type} />);
      expect(screen.getByText(label)).toBeInTheDocument();
    },
  );

  it('links the store with a name when there is no logo', () => {
    render(<CouponCard {...base} merchantLogoUrl={null} />);
    expect(screen.getByRole('link', { name: 'Argos store page' })).toHaveAttribute(
      'href',
      base.storeUrl,
    );
  });

  it('falls back to the initials when the logo fails to load', () => {
    render(<CouponCard {...base} />);
    fireEvent.error(screen.getByRole('img', { name: 'Argos logo' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Argos store page' })).toHaveAttribute(
      'href',
      base.storeUrl,
    );
  });
});
