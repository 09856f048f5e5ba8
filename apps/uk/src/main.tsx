import { UK_CLIENT } from '@cc/config';
import { UK_BRAND_LOGOS } from '@cc/config/brand-logos/uk';
import { mountBrand } from '@cc/merchant-centre/mount';
import logoUrl from './assets/logo.svg';
import './styles.css';

mountBrand({ config: UK_CLIENT, logoUrl, brandLogos: UK_BRAND_LOGOS, version: __APP_VERSION__ });
