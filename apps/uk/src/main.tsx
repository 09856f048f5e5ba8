import { UK_CLIENT as config } from '@cc/config';
import { mountApp } from '@cc/merchant-centre';
import logoUrl from './assets/logo.svg';
import './styles.css';

const logoFiles = import.meta.glob<string>('../../../packages/config/assets/brands/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});
/** URLs of this brand's 'Trusted by' logos, by file name. */
const brandLogos = Object.fromEntries(
  config.brands.map((brand) => [brand.logo, logoFiles[`../../../packages/config/assets/brands/${brand.logo}`] ?? '']),
);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
mountApp(root, { config, assets: { logoUrl, brandLogos }, version: __APP_VERSION__ });
