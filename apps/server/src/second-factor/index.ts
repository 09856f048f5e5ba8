import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientId } from '@cc/config';
import { secondFactorAccount } from './account-service';
import passkeyRoutes from './passkey-routes';
import { passkeyAccount } from './passkey-service';
import { passkeySignIn } from './passkey-sign-in';
import secondFactorRoutes from './routes';
import { secondFactorService } from './service';
import { staffResetRoutes, staffSecondFactorReset } from './staff-reset';

export { resetSecondFactor } from './service';

export type SecondFactorOptions = {
  /** The server's secret: TOTP secrets are sealed under a key derived from it (secret-box.ts). */
  secret: string;
  /** Each brand's origin and the console's: the only origins passkeys are made and used on. */
  brandOrigins: Record<ClientId, string>;
  consoleOrigin: string;
};

/**
 * Two-step sign-in with TOTP: puts its gate into auth's sign-in (a challenge in place of
 * tokens for an account with an app, and for staff, who must enrol one), the code step, and
 * the account's own calls, and an admin's reset of a staff member's (staff-reset.ts).
 * Passkeys (WebAuthn) sign in without a password or answer the second step in place of a code.
 */
async function secondFactorPlugin(
  app: FastifyInstance,
  options: SecondFactorOptions,
): Promise<void> {
  const deps = {
    db: app.db,
    clock: app.clock,
    serverSecret: options.secret,
    auth: app.auth,
    audit: app.audit,
  };
  const service = secondFactorService(deps);
  app.auth.useSignInGate(service.gate);
  await app.register(secondFactorRoutes, { service, account: secondFactorAccount(deps, service) });
  const origins = { brandOrigins: options.brandOrigins, consoleOrigin: options.consoleOrigin };
  const passkeys = passkeyAccount({ ...deps, origins }, service);
  await app.register(passkeyRoutes, {
    account: passkeys,
    signIn: passkeySignIn({ ...deps, origins }, service, passkeys),
  });
  await app.register(staffResetRoutes, {
    reset: staffSecondFactorReset({ ...deps, sessions: app.sessions }),
  });
}

export default fp(secondFactorPlugin, { name: 'second-factor', dependencies: ['auth', 'audit'] });
