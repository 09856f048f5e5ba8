import { US_DISCOUNT_CLIENT } from '@cc/config';
import { US_DISCOUNT_BRAND_LOGOS } from '@cc/config/brand-logos/us-discount';
import { mountBrand } from '@cc/merchant-centre/mount';
import logoUrl from './assets/logo.svg';
import './styles.css';

mountBrand({
  config: US_DISCOUNT_CLIENT,
  logoUrl,
  brandLogos: US_DISCOUNT_BRAND_LOGOS,
  version: __APP_VERSION__,
});
