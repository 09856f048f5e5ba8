import type { User } from '@cc/contract';
import { NotFound } from '../core/http/errors';
import type { BillingView } from '../billing/view';
import type { Caller } from '../core/data/deps';
import type { StoreService } from '../stores/service';
import type { AuthService } from '../auth/service';

export type UserServiceDeps = {
  /** The user with their store, held per instance until either changes (user-cache.ts). */
  auth: Pick<AuthService, 'signedInUser'>;
  /** Billing's reads for the /auth/me/ answer (billing/view.ts). */
  billing: Pick<BillingView, 'ownerBilling'>;
};

export function userService(deps: UserServiceDeps, stores: Pick<StoreService, 'toWireWith'>) {
  return {
    /** The signed-in user with their store and subscription transaction. */
    async me(caller: Caller): Promise<User> {
      // Two reads side by side: the user with their store, and their billing.
      const [found, billing] = await Promise.all([
        deps.auth.signedInUser(caller.userId),
        deps.billing.ownerBilling(caller.userId),
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
        store: store ? stores.toWireWith(store, billing.subscription, user.emailVerified) : null,
        coupon_center_txn: billing.couponCenterTxn,
      };
    },
  };
}
export type UserService = ReturnType<typeof userService>;
