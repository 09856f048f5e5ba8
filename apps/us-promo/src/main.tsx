import { US_PROMO_CLIENT } from '@cc/config';
import { US_PROMO_BRAND_LOGOS } from '@cc/config/brand-logos/us-promo';
import { mountBrand } from '@cc/merchant-centre/mount';
import logoUrl from './assets/logo.svg';
import './styles.css';

mountBrand({
  config: US_PROMO_CLIENT,
  logoUrl,
  brandLogos: US_PROMO_BRAND_LOGOS,
  version: __APP_VERSION__,
});
