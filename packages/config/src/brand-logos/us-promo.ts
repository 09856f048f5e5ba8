import adidas from '../../assets/brands/us-adidas.svg?url';
import bestBuy from '../../assets/brands/us-best-buy.svg?url';
import homeDepot from '../../assets/brands/us-home-depot.svg?url';
import kohls from '../../assets/brands/us-kohls.svg?url';
import macys from '../../assets/brands/us-macys.svg?url';
import nike from '../../assets/brands/us-nike.svg?url';
import sephora from '../../assets/brands/us-sephora.svg?url';
import target from '../../assets/brands/us-target.svg?url';
import walmart from '../../assets/brands/us-walmart.svg?url';

/** URLs of US_PROMO_CLIENT's 'Trusted by' logos, by file name; only the PromoPulse build imports them. */
export const US_PROMO_BRAND_LOGOS: Readonly<Record<string, string>> = {
  'us-target.svg': target,
  'us-best-buy.svg': bestBuy,
  'us-macys.svg': macys,
  'us-kohls.svg': kohls,
  'us-nike.svg': nike,
  'us-sephora.svg': sephora,
  'us-home-depot.svg': homeDepot,
  'us-walmart.svg': walmart,
  'us-adidas.svg': adidas,
};
