import { fileURLToPath } from 'node:url';
import { brandViteConfig } from '@cc/merchant-centre/brand-vite-config';

/** VoucherNest, client 7: the shared app with this brand's config and assets. */
export default brandViteConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  brand: 'uk',
  title: 'VoucherNest (apps/uk, client 7)',
});
