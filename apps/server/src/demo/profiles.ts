import type { ClientId } from '@cc/config';
import type { OfferType } from '@cc/contract';

/**
 * One demo coupon. Days count from the clock's UTC day: `start` -30 started a month
 * ago, `end` 2 ends the day after tomorrow, null never ends. `savings` is the percent
 * of percent types and the amount of amount types; `minimum` the minimum order (the
 * Min Order Amount of free shipping).
 */
export type DemoCoupon = {
  offerType: OfferType;
  savings: number | null;
  minimum: number | null;
  isSavingsRange: boolean;
  code: string;
  description: string;
  path: string;
  start: number;
  end: number | null;
};

/** The BILLING DETAILS receipts print (the VAT number on the UK brand only). */
export type DemoBillingDetails = {
  name: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  country: string;
  vatNumber: string;
};

export type DemoStore = {
  name: string;
  billing: DemoBillingDetails;
  /** The logo's two lines, at most 9 capitals each. */
  logo: [string, string];
  slugBase: string;
  website: string;
  coupons: DemoCoupon[];
};

type Words = {
  shipping: string;
  sale: string;
  range: string;
  category: string;
  extra: string;
  code: string;
};

function coupon(
  offerType: OfferType,
  savings: number | null,
  description: string,
  more: Partial<Omit<DemoCoupon, 'offerType' | 'savings' | 'description'>> = {},
): DemoCoupon {
  return {
    offerType,
    savings,
    description,
    minimum: null,
    isSavingsRange: false,
    code: '',
    path: '/',
    start: -95,
    end: 60,
    ...more,
  };
}

/**
 * Ten coupons, every offer type among them: one scheduled (starts in 5 days), one
 * ending in 2 days, the other eight live. The words change with the store.
 */
function coupons(money: string, w: Words): DemoCoupon[] {
  return [
    coupon('sitewide_percent', 20, `20% off everything sitewide, ${w.extra} included.`, {
      code: `${w.code}20`,
      path: '/',
      start: -95,
      end: 45,
    }),
    coupon('sitewide_amount', 10, `${money}10 off when you spend ${money}50 or more.`, {
      code: `TENOFF${w.code}`,
      minimum: 50,
      path: '/',
      start: -95,
      end: 75,
    }),
    coupon('free_shipping', null, `Free ${w.shipping} on orders over ${money}25.`, {
      code: 'FREESHIP25',
      minimum: 25,
      path: '/delivery',
      start: -95,
      end: null,
    }),
    coupon('sale_percent', 50, `Up to 50% off in the ${w.sale}: last chance, ends soon.`, {
      isSavingsRange: true,
      path: '/sale',
      start: -40,
      end: 2,
    }),
    coupon('sale_amount', 15, `${money}15 off selected ${w.category}.`, {
      code: `${w.code}15`,
      path: '/offers',
      start: -60,
      end: 30,
    }),
    coupon('other', null, `Buy one, get one half price on ${w.category}.`, {
      path: '/offers/bogof',
      start: -75,
      end: 21,
    }),
    coupon(
      'sitewide_percent',
      15,
      'New customers: 15% off your first order when you sign up to our emails.',
      { code: 'HELLO15', path: '/join', start: -95, end: null },
    ),
    coupon(
      'sitewide_amount',
      30,
      `Up to ${money}30 off bigger baskets: the more you spend, the more you save.`,
      { isSavingsRange: true, code: `BIG${w.code}`, path: '/', start: -25, end: 40 },
    ),
    coupon('sale_percent', 30, `30% off the ${w.range}, starting soon.`, {
      code: 'EARLY30',
      path: '/new-in',
      start: 5,
      end: 35,
    }),
    coupon(
      'free_shipping',
      null,
      `Free next-day ${w.shipping} on orders over ${money}60 this month.`,
      { minimum: 60, path: '/delivery', start: -12, end: 18 },
    ),
  ];
}

/** Each brand's demo store: an approved, paid store with ten coupons. */
export const DEMO_STORES: Record<ClientId, DemoStore> = {
  7: {
    name: 'Harbour Homeware',
    billing: {
      name: 'Harbour Homeware Ltd',
      addressLine1: '12 Quayside Walk',
      addressLine2: 'Unit 4',
      city: 'Bristol',
      postalCode: 'BS1 4RN',
      country: 'United Kingdom',
      vatNumber: 'GB123456789',
    },
    logo: ['HARBOUR', 'HOMEWARE'],
    slugBase: 'harbour-homeware',
    website: 'https://www.harbour-homeware.example',
    coupons: coupons('£', {
      shipping: 'delivery',
      sale: 'winter sale',
      range: 'new spring collection',
      category: 'bedding and throws',
      extra: 'sale items',
      code: 'HOME',
    }),
  },
  8: {
    name: 'Trailhead Gear',
    billing: {
      name: 'Trailhead Gear LLC',
      addressLine1: '410 Canyon Road',
      addressLine2: 'Suite 200',
      city: 'Boulder, CO',
      postalCode: '80302',
      country: 'United States',
      vatNumber: '',
    },
    logo: ['TRAILHEAD', 'GEAR'],
    slugBase: 'trailhead-gear',
    website: 'https://www.trailhead-gear.example',
    coupons: coupons('$', {
      shipping: 'shipping',
      sale: 'end of season sale',
      range: 'new camping range',
      category: 'hiking socks and base layers',
      extra: 'clearance',
      code: 'TRAIL',
    }),
  },
  10: {
    name: 'Good Paws Pets',
    billing: {
      name: 'Good Paws Pets Inc.',
      addressLine1: '88 Maple Street',
      addressLine2: '',
      city: 'Portland, OR',
      postalCode: '97205',
      country: 'United States',
      vatNumber: '',
    },
    logo: ['GOOD PAWS', 'PETS'],
    slugBase: 'good-paws-pets',
    website: 'https://www.good-paws-pets.example',
    coupons: coupons('$', {
      shipping: 'shipping',
      sale: 'clearance sale',
      range: 'new toy collection',
      category: 'treats and chews',
      extra: 'food',
      code: 'PAWS',
    }),
  },
};
