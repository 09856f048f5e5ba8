import { fileURLToPath } from 'node:url';
import { brandViteConfig } from '@cc/merchant-centre/brand-vite-config';

/** DiscountDen, client 10: the shared app with this brand's config and assets. */
export default brandViteConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  brand: 'us-discount',
  title: 'DiscountDen (apps/us-discount, client 10)',
});
