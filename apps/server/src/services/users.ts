import type { User } from '@cc/contract';
import { NotFound } from '../errors';
import type { Caller, ServiceDeps } from './deps';
import type { StoreService } from './stores';

export function userService(deps: ServiceDeps, stores: StoreService) {
  return {
    /** The signed-in user with their store and subscription transaction. */
    async me(caller: Caller): Promise<User> {
      const [found, txn] = await Promise.all([
        deps.repos.users.findWithStore(caller.userId),
        deps.billing.couponCenterTxnForUser(caller.userId),
      ]);
      if (!found) throw new NotFound();
      const { user, store } = found;
      return {
        id: user.id,
        email: user.email,
        email_verified: user.emailVerified,
        first_name: user.firstName,
        last_name: user.lastName,
        client: user.client,
        is_staff: user.role === 'staff',
        store: store ? await stores.toWire(store) : null,
        coupon_center_txn: txn,
      };
    },
  };
}
export type UserService = ReturnType<typeof userService>;
