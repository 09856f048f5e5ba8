import { US_PROMO_CLIENT } from '@cc/config';
import { mountBrand } from '@cc/merchant-centre';
import logoUrl from './assets/logo.svg';
import './styles.css';

mountBrand({ config: US_PROMO_CLIENT, logoUrl, version: __APP_VERSION__ });
