import bestBuy from '../../assets/brands/us-best-buy.svg?url';
import gap from '../../assets/brands/us-gap.svg?url';
import lowes from '../../assets/brands/us-lowes.svg?url';
import nordstrom from '../../assets/brands/us-nordstrom.svg?url';
import petco from '../../assets/brands/us-petco.svg?url';
import ultaBeauty from '../../assets/brands/us-ulta-beauty.svg?url';
import walmart from '../../assets/brands/us-walmart.svg?url';
import wayfair from '../../assets/brands/us-wayfair.svg?url';

/** URLs of US_DISCOUNT_CLIENT's 'Trusted by' logos, by file name; only the DiscountDen build imports them. */
export const US_DISCOUNT_BRAND_LOGOS: Readonly<Record<string, string>> = {
  'us-lowes.svg': lowes,
  'us-walmart.svg': walmart,
  'us-best-buy.svg': bestBuy,
  'us-wayfair.svg': wayfair,
  'us-ulta-beauty.svg': ultaBeauty,
  'us-gap.svg': gap,
  'us-nordstrom.svg': nordstrom,
  'us-petco.svg': petco,
};
