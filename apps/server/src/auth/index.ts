import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientId } from '@cc/config';
import accountRoutes from './account-routes';
import { accountService } from './account-service';
import { registerAuthenticate } from './authenticate';
import type { OwnedStores } from './owned-store';
import legacyAuthRoutes from './legacy-routes';
import authRoutes from './routes';
import { authService, type AuthService } from './service';
import { sessionCache } from './session-cache';
import { sessionsService, type SessionsService } from './sessions';
import { signedInUserCache } from './user-cache';
import staffRoutes from './staff-routes';
import { staffService } from './staff-service';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** Sign-in, tokens and the users other features read (auth/service.ts). */
    auth: AuthService;
    /** The users' signed-in sessions (auth/sessions.ts): the devices an account lists. */
    sessions: SessionsService;
  }
}

export type AuthOptions = {
  brandOrigins: Record<ClientId, string>;
  /** Signs the access tokens. */
  secret: string;
  /** Bytes the verified access tokens may hold (core/platform/cache-budgets.ts). */
  verifiedTokensBudget: number;
  /** Bytes the signed-in users with their stores may hold (core/platform/cache-budgets.ts). */
  signedInUsersBudget: number;
  /** Bytes the sessions found live may hold (core/platform/cache-budgets.ts). */
  sessionsBudget: number;
  /** Where a user's store is read beside them: the stores feature's directory (stores/owned-store.ts). */
  ownedStores: OwnedStores;
  /** The API port's public origin, where the staff console is always served: staff invitation links lead there. */
  consoleOrigin: string;
};

/**
 * Auth: `app.auth` (users and tokens), `app.authenticate` (the bearer-token guard every
 * other feature's routes use; every call's session is checked live), sign-in, registration,
 * email tokens, refresh and logout under /api/v1/auth, the account's own calls under
 * /api/v1/account, the staff console's staff and invitations under /api/v1/staff, and the
 * legacy /api/Auth calls. Its mails go through the outbox.
 */
async function authPlugin(app: FastifyInstance, options: AuthOptions): Promise<void> {
  const signedInUsers = signedInUserCache(options.signedInUsersBudget);
  // Kept only while this instance hears every change to a store or a user (store-changes.ts).
  app.storeChanges.add(signedInUsers);
  app.caches.add('signed_in_users', signedInUsers.stats);
  const liveSessions = sessionCache(options.sessionsBudget);
  // A session ended on any instance is forgotten here when store_changed names its user.
  app.storeChanges.add(liveSessions);
  app.caches.add('sessions', liveSessions.stats);
  const sessions = sessionsService({ db: app.db, clock: app.clock, cache: liveSessions });
  const auth = authService({
    db: app.db,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    jwtSecret: options.secret,
    verifiedTokensBudget: options.verifiedTokensBudget,
    signedInUsers,
    sessions,
    ownedStores: options.ownedStores,
    outbox: app.outbox,
    audit: app.audit,
  });
  app.decorate('auth', auth);
  app.decorate('sessions', sessions);
  app.caches.add('verified_tokens', auth.verifiedTokenStats);
  registerAuthenticate(app);
  await app.register(authRoutes, { prefix: '/api/v1/auth' });
  const account = accountService({
    db: app.db,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    auth,
    sessions,
    signedInUsers,
    outbox: app.outbox,
    audit: app.audit,
  });
  await app.register(accountRoutes, { prefix: '/api/v1/account', account, sessions });
  await app.register(legacyAuthRoutes, { prefix: '/api/Auth' });
  const staff = staffService({
    db: app.db,
    clock: app.clock,
    consoleOrigin: options.consoleOrigin,
    sessions,
    signedInUsers,
    outbox: app.outbox,
    audit: app.audit,
  });
  await app.register(staffRoutes, { prefix: '/api/v1/staff', staff });
}

export default fp(authPlugin, {
  name: 'auth',
  dependencies: ['mail', 'audit'],
  decorators: { fastify: ['authRateLimit', 'storeChanges', 'caches'] },
});
