import { authService } from './auth';
import { couponService } from './coupons';
import type { ServiceDeps } from './deps';
import { storeService } from './stores';
import { uploadService } from './uploads';
import { userService } from './users';

export function createServices(deps: ServiceDeps) {
  const stores = storeService(deps);
  return {
    auth: authService(deps),
    users: userService(deps, stores),
    stores,
    coupons: couponService(deps),
    uploads: uploadService(deps),
  };
}
export type Services = ReturnType<typeof createServices>;
