import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientId } from '@cc/config';
import { registerAuthenticate } from './authenticate';
import legacyAuthRoutes from './legacy-routes';
import { userService } from './me';
import meRoutes from './me-routes';
import authRoutes from './routes';
import { authService, type AuthService } from './service';
import { signedInUserCache } from './user-cache';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** Sign-in, tokens and the users other features read (auth/service.ts). */
    auth: AuthService;
  }
}

export type AuthOptions = {
  brandOrigins: Record<ClientId, string>;
  /** Signs the access tokens. */
  secret: string;
  /** Bytes the verified access tokens may hold (core/cache-budgets.ts). */
  verifiedTokensBudget: number;
  /** Bytes the signed-in users with their stores may hold (core/cache-budgets.ts). */
  signedInUsersBudget: number;
};

/**
 * Auth: `app.auth` (users and tokens), `app.authenticate` (the bearer-token guard every
 * other feature's routes use), sign-in, registration, email tokens, refresh and logout under
 * /api/v1/auth, and the legacy /api/Auth calls. Its mails go through the outbox.
 */
async function authPlugin(app: FastifyInstance, options: AuthOptions): Promise<void> {
  const signedInUsers = signedInUserCache(options.signedInUsersBudget);
  // Kept only while this instance hears every change to a store or a user (store-changes.ts).
  app.storeChanges.add(signedInUsers);
  app.caches.add('signed_in_users', signedInUsers.stats);
  const auth = authService({
    db: app.db,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    jwtSecret: options.secret,
    verifiedTokensBudget: options.verifiedTokensBudget,
    signedInUsers,
    outbox: app.outbox,
  });
  app.decorate('auth', auth);
  app.caches.add('verified_tokens', auth.verifiedTokenStats);
  registerAuthenticate(app);
  await app.register(authRoutes, { prefix: '/api/v1/auth' });
  await app.register(legacyAuthRoutes, { prefix: '/api/Auth' });
}

export default fp(authPlugin, {
  name: 'auth',
  dependencies: ['mail'],
  decorators: { fastify: ['authRateLimit', 'storeChanges', 'caches'] },
});

/**
 * GET /api/v1/auth/me/: the user with their store and its subscription. Registered after
 * stores and billing, which depend on auth themselves.
 */
async function mePlugin(app: FastifyInstance): Promise<void> {
  const users = userService({ auth: app.auth, billing: app.billing }, app.stores);
  await app.register(meRoutes, { prefix: '/api/v1/auth', users });
}

export const me = fp(mePlugin, { name: 'auth-me', dependencies: ['auth', 'stores', 'billing'] });
