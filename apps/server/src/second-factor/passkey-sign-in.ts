import {
  MESSAGES,
  PASSKEY_MESSAGES,
  SECOND_FACTOR_MESSAGES,
  type PasskeyLoginBody,
  type PasskeyOptions,
  type PasskeySecondStepBody,
} from '@cc/contract';
import type { SessionTokens } from '../auth/service';
import { describeUserAgent } from '../auth/user-agent';
import { Conflict, Unauthorized } from '../core/http/errors';
import { hashToken } from '../core/platform/secrets';
import {
  authenticationOptions,
  CeremonyFailed,
  relyingPartyOf,
  userHandleOf,
  verifyAuthentication,
  type PasskeySite,
} from './passkey-ceremony';
import type { PasskeyRow } from './passkey-repository';
import type { PasskeyAccount, PasskeyDeps } from './passkey-service';
import type { SecondFactorService, UserRow } from './service';
import { isLocked, SignInLocked } from './verifier';

/**
 * Signing in with a passkey. Without a password: any discoverable passkey of the site, with
 * user verification, proves both factors. At the second step: one of the account's passkeys
 * answers the password step's challenge in place of the code. Both end as the password's
 * sign-in does (auth's startSession): one session and its tokens.
 */
export function passkeySignIn(
  deps: PasskeyDeps,
  service: SecondFactorService,
  account: PasskeyAccount,
) {
  const { db, clock } = deps;
  const { repo } = account;

  /** Records a refused passkey sign-in against the passkey's account, and refuses it. */
  async function refuse(
    user: UserRow,
    reason: string,
    userAgent: string,
    message: string = PASSKEY_MESSAGES.failed,
  ): Promise<never> {
    await deps.audit.record({
      actor: service.actorOf(user),
      action: 'auth.sign_in_failed',
      target: { type: 'user', id: user.id },
      details: { ...describeUserAgent(userAgent), method: 'passkey', reason },
    });
    throw new Unauthorized(message);
  }

  /** Checks the signature; a refused one is recorded against the passkey's account. */
  async function check(params: {
    passkey: PasskeyRow;
    user: UserRow;
    body: PasskeyLoginBody;
    challenge: { challenge: string; origin: string };
    userVerification: boolean;
    userAgent: string;
  }): Promise<number> {
    try {
      const { counter } = await verifyAuthentication(params.body.credential, params.passkey, {
        ...params.challenge,
        userVerification: params.userVerification,
      });
      return counter;
    } catch (error) {
      if (!(error instanceof CeremonyFailed)) throw error;
      // A counter that did not grow is a copied authenticator's, or a replayed answer.
      const reason = /counter/i.test(error.message) ? 'passkey_counter' : 'passkey_not_verified';
      return refuse(params.user, reason, params.userAgent);
    }
  }

  async function refuseIfLocked(user: UserRow): Promise<void> {
    const factor = await service.repo.factor(user.id);
    if (factor?.confirmedAt != null && isLocked(factor, clock.now())) throw new SignInLocked();
  }

  return {
    /** Options for a sign-in without a password: no account named, the user verified. */
    async loginOptions(site: PasskeySite): Promise<PasskeyOptions> {
      const rp = relyingPartyOf(deps.origins, site);
      const options = await authenticationOptions({ rp, allow: [], userVerification: 'required' });
      await account.issue({
        purpose: 'sign_in',
        userId: null,
        origin: rp.origin,
        challenge: options.challenge,
      });
      return options;
    },

    /** A sign-in with a discoverable passkey alone: its account's session, as the password's second step would give. */
    async login(
      site: PasskeySite,
      body: PasskeyLoginBody,
      userAgent: string,
    ): Promise<SessionTokens> {
      const challenge = await account.take(body.credential, 'sign_in');
      const passkey = await repo.byCredentialId(body.credential.id);
      const user = passkey && (await deps.auth.userById(passkey.userId));
      const handle = body.credential.response.userHandle;
      // A passkey of no account, another brand's account, or naming another user is not recognised.
      if (!passkey || !user || user.client !== site.clientId)
        throw new Unauthorized(PASSKEY_MESSAGES.notRecognised);
      if (handle !== undefined && handle !== userHandleOf(user.id))
        return refuse(user, 'passkey_user_handle', userAgent);
      // A disabled staff member is refused as at the password (their sessions ended when disabled).
      if (user.disabledAt !== null) {
        return refuse(user, 'disabled', userAgent, MESSAGES.invalidCredentials);
      }
      await refuseIfLocked(user);
      const counter = await check({
        passkey,
        user,
        body,
        challenge,
        userVerification: true,
        userAgent,
      });
      return db.transaction(async (tx) => {
        await repo.used(passkey.id, counter, clock.now(), tx);
        return deps.auth.startSession(user, userAgent, tx, {
          method: 'passkey',
          second_factor: 'passkey',
        });
      });
    },

    /** Options for the second step: the account's own passkeys, for the sign-in's live challenge. */
    async secondStepOptions(site: PasskeySite, token: string): Promise<PasskeyOptions> {
      const pending = await service.repo.liveChallenge(hashToken(token), clock.now());
      if (pending?.purpose !== 'totp')
        throw new Unauthorized(SECOND_FACTOR_MESSAGES.challengeExpired);
      const allow = await repo.list(pending.userId);
      if (allow.length === 0) throw new Conflict(PASSKEY_MESSAGES.none);
      const rp = relyingPartyOf(deps.origins, site);
      const options = await authenticationOptions({ rp, allow, userVerification: 'preferred' });
      await account.issue({
        purpose: 'second_step',
        userId: pending.userId,
        origin: rp.origin,
        challenge: options.challenge,
      });
      return options;
    },

    /** The second step with a passkey: the sign-in's challenge and the account's own passkey give the session. */
    async secondStep(body: PasskeySecondStepBody): Promise<SessionTokens> {
      const now = clock.now();
      const pending = await service.repo.liveChallenge(hashToken(body.challenge), now);
      if (pending?.purpose !== 'totp')
        throw new Unauthorized(SECOND_FACTOR_MESSAGES.challengeExpired);
      const challenge = await account.take(body.credential, 'second_step');
      const passkey = await repo.byCredentialId(body.credential.id);
      const user = await deps.auth.userById(pending.userId);
      if (!user || challenge.userId !== user.id)
        throw new Unauthorized(SECOND_FACTOR_MESSAGES.challengeExpired);
      // Another account's passkey does not answer this one's sign-in.
      if (passkey?.userId !== user.id) return refuse(user, 'passkey_not_own', pending.userAgent);
      await refuseIfLocked(user);
      const counter = await check({
        passkey,
        user,
        body,
        challenge,
        userVerification: false,
        userAgent: pending.userAgent,
      });
      return db.transaction(async (tx) => {
        if (!(await service.repo.useChallenge(pending.id, clock.now(), tx)))
          throw new Unauthorized(SECOND_FACTOR_MESSAGES.challengeExpired);
        await repo.used(passkey.id, counter, clock.now(), tx);
        return deps.auth.startSession(user, pending.userAgent, tx, { second_factor: 'passkey' });
      });
    },
  };
}
export type PasskeySignIn = ReturnType<typeof passkeySignIn>;
