import { verify } from '@node-rs/argon2';
import {
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_MAX_PER_USER,
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyCredential,
  type PasskeyOptions,
  type PasskeyRegisterBody,
} from '@cc/contract';
import type { Caller } from '../core/data/deps';
import { Conflict, NotFound, ValidationFailed } from '../core/http/errors';
import {
  CeremonyFailed,
  registrationOptions,
  relyingPartyOf,
  signedChallenge,
  verifyRegistration,
  type PasskeyOrigins,
  type PasskeySite,
} from './passkey-ceremony';
import { passkeyRepository, type PasskeyPurpose, type PasskeyRow } from './passkey-repository';
import type { SecondFactorDeps, SecondFactorService, UserRow } from './service';

export type PasskeyDeps = SecondFactorDeps & { origins: PasskeyOrigins };

export const passkeyView = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * The signed-in user's own passkeys (the account screen's "Passkeys"): adding one (the
 * password again, then the browser's new passkey), the list, renaming and removing. Every
 * call reaches the caller's own passkeys only; another's id is not found.
 */
export function passkeyAccount(deps: PasskeyDeps, service: SecondFactorService) {
  const { db, clock } = deps;
  const repo = passkeyRepository(db);

  async function userOf(caller: Caller): Promise<UserRow> {
    const user = await deps.auth.userById(caller.userId);
    if (!user) throw new NotFound();
    return user;
  }

  /** Stores a challenge for the site's origin: what the browser's answer is checked against. */
  async function issue(params: {
    purpose: PasskeyPurpose;
    userId: number | null;
    origin: string;
    challenge: string;
  }): Promise<void> {
    const now = clock.now();
    await repo.insertChallenge({
      ...params,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
      createdAt: now,
    });
  }

  /** The stored challenge the answer signed, used up now; a replayed or expired one is refused. */
  async function take(credential: PasskeyCredential, purpose: PasskeyPurpose) {
    const signed = signedChallenge(credential);
    const row = signed && (await repo.takeChallenge(signed, purpose, clock.now()));
    if (!row) throw ValidationFailed.field('credential', PASSKEY_MESSAGES.challengeExpired);
    return row;
  }

  return {
    repo,
    issue,
    take,

    async list(caller: Caller): Promise<Passkey[]> {
      return (await repo.list(caller.userId)).map(passkeyView);
    },

    /** The options for a new passkey on this site, after the password is checked again. */
    async registrationOptions(
      caller: Caller,
      site: PasskeySite,
      password: string,
    ): Promise<PasskeyOptions> {
      const user = await userOf(caller);
      if (password === '' || !(await verify(user.passwordHash, password)))
        throw ValidationFailed.field('password', PASSKEY_MESSAGES.wrongPassword);
      const existing = await repo.list(user.id);
      if (existing.length >= PASSKEY_MAX_PER_USER)
        throw new Conflict(`An account holds at most ${PASSKEY_MAX_PER_USER} passkeys.`);
      const rp = relyingPartyOf(deps.origins, site);
      const options = await registrationOptions({
        rp,
        userId: user.id,
        email: user.email,
        existing,
      });
      await issue({
        purpose: 'register',
        userId: user.id,
        origin: rp.origin,
        challenge: options.challenge,
      });
      return options;
    },

    /** The browser's new passkey, checked against the caller's own challenge, added under its name. */
    async register(caller: Caller, body: PasskeyRegisterBody): Promise<Passkey> {
      const user = await userOf(caller);
      const name = body.name.trim();
      if (name === '') throw ValidationFailed.field('name', PASSKEY_MESSAGES.nameRequired);
      const challenge = await take(body.credential, 'register');
      if (challenge.userId !== user.id)
        throw ValidationFailed.field('credential', PASSKEY_MESSAGES.challengeExpired);
      let made;
      try {
        made = await verifyRegistration(body.credential, challenge);
      } catch (error) {
        if (error instanceof CeremonyFailed)
          throw ValidationFailed.field('credential', PASSKEY_MESSAGES.failed);
        throw error;
      }
      return db.transaction(async (tx) => {
        const now = clock.now();
        const added = await repo.insert({ ...made, userId: user.id, name, createdAt: now }, tx);
        if (!added) throw new Conflict(PASSKEY_MESSAGES.alreadyAdded);
        await deps.audit.record(
          {
            actor: service.actorOf(user),
            action: 'passkey.added',
            target: { type: 'user', id: user.id },
            details: { passkey_id: added.id, name },
          },
          tx,
        );
        return passkeyView(added);
      });
    },

    async rename(caller: Caller, id: number, name: string): Promise<Passkey> {
      const user = await userOf(caller);
      const trimmed = name.trim();
      if (trimmed === '') throw ValidationFailed.field('name', PASSKEY_MESSAGES.nameRequired);
      return db.transaction(async (tx) => {
        const row = await repo.rename(user.id, id, trimmed, tx);
        if (!row) throw new NotFound(PASSKEY_MESSAGES.notFound);
        await deps.audit.record(
          {
            actor: service.actorOf(user),
            action: 'passkey.renamed',
            target: { type: 'user', id: user.id },
            details: { passkey_id: id, name: trimmed },
          },
          tx,
        );
        return passkeyView(row);
      });
    },

    async remove(caller: Caller, id: number): Promise<void> {
      const user = await userOf(caller);
      await db.transaction(async (tx) => {
        const row = await repo.remove(user.id, id, tx);
        if (!row) throw new NotFound(PASSKEY_MESSAGES.notFound);
        await deps.audit.record(
          {
            actor: service.actorOf(user),
            action: 'passkey.removed',
            target: { type: 'user', id: user.id },
            details: { passkey_id: id, name: row.name },
          },
          tx,
        );
      });
    },
  };
}
export type PasskeyAccount = ReturnType<typeof passkeyAccount>;
