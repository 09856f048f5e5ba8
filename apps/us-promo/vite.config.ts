import { fileURLToPath } from 'node:url';
import { brandViteConfig } from '@cc/merchant-centre/brand-vite-config';

/** PromoPulse, client 8: the shared app with this brand's config and assets. */
export default brandViteConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  brand: 'us-promo',
  title: 'PromoPulse (apps/us-promo, client 8)',
});
