import { Type, type Static } from 'typebox';
import { Nullable } from './common';
import { PASSKEY_NAME_MAX_LENGTH } from './passkey-messages';

/**
 * Passkeys (WebAuthn): an account's own list, adding one (options, then the browser's
 * answer), and signing in with one, either without a password (a discoverable passkey with
 * user verification, both factors at once) or in place of the code at the second step.
 */

export {
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_MAX_PER_USER,
  PASSKEY_MESSAGES,
  PASSKEY_NAME_MAX_LENGTH,
} from './passkey-messages';

/** One of the account's passkeys. */
export const Passkey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** ISO 8601. */
  created_at: Type.String({ format: 'date-time' }),
  /** ISO 8601; null until it signs in. */
  last_used_at: Nullable(Type.String({ format: 'date-time' })),
});
export type Passkey = Static<typeof Passkey>;

export const PasskeyList = Type.Object({ results: Type.Array(Passkey) });
export type PasskeyList = Static<typeof PasskeyList>;

const PasskeyName = Type.String({ maxLength: PASSKEY_NAME_MAX_LENGTH });

/** POST /api/v1/account/passkeys/options/: adding a passkey asks for the password again. */
export const PasskeyRegisterOptionsBody = Type.Object({
  password: Type.String({ maxLength: 256 }),
});
export type PasskeyRegisterOptionsBody = Static<typeof PasskeyRegisterOptionsBody>;

/**
 * What the browser's navigator.credentials call is given (WebAuthn's
 * PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON).
 */
export const PasskeyOptions = Type.Object(
  { challenge: Type.String(), timeout: Type.Optional(Type.Number()) },
  { additionalProperties: true },
);
export type PasskeyOptions = Static<typeof PasskeyOptions>;

/** The browser's answer (WebAuthn's RegistrationResponseJSON or AuthenticationResponseJSON). */
export const PasskeyCredential = Type.Object(
  {
    id: Type.String({ maxLength: 1024 }),
    rawId: Type.String({ maxLength: 1024 }),
    type: Type.Literal('public-key'),
    response: Type.Object(
      {
        clientDataJSON: Type.String({ maxLength: 8192 }),
        /** A new passkey's (registration). */
        attestationObject: Type.Optional(Type.String({ maxLength: 65536 })),
        transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 16 })),
        /** A sign-in's (authentication). */
        authenticatorData: Type.Optional(Type.String({ maxLength: 8192 })),
        signature: Type.Optional(Type.String({ maxLength: 8192 })),
        userHandle: Type.Optional(Type.String({ maxLength: 1024 })),
      },
      { additionalProperties: true },
    ),
    clientExtensionResults: Type.Optional(Type.Object({}, { additionalProperties: true })),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: true },
);
export type PasskeyCredential = Static<typeof PasskeyCredential>;

/** POST /api/v1/account/passkeys/: the browser's new passkey and the name to list it by. */
export const PasskeyRegisterBody = Type.Object({
  name: PasskeyName,
  credential: PasskeyCredential,
});
export type PasskeyRegisterBody = Static<typeof PasskeyRegisterBody>;

/** PATCH /api/v1/account/passkeys/{id}/. */
export const PasskeyRenameBody = Type.Object({ name: PasskeyName });
export type PasskeyRenameBody = Static<typeof PasskeyRenameBody>;

/** POST /api/v1/auth/passkey-login/: the browser's answer to the sign-in options. */
export const PasskeyLoginBody = Type.Object({ credential: PasskeyCredential });
export type PasskeyLoginBody = Static<typeof PasskeyLoginBody>;

/** POST /api/v1/auth/second-factor/passkey-options/: the sign-in's challenge (from the password step). */
export const PasskeySecondStepOptionsBody = Type.Object({
  challenge: Type.String({ maxLength: 128 }),
});
export type PasskeySecondStepOptionsBody = Static<typeof PasskeySecondStepOptionsBody>;

/** POST /api/v1/auth/second-factor/passkey/: the sign-in's challenge and the browser's answer. */
export const PasskeySecondStepBody = Type.Object({
  challenge: Type.String({ maxLength: 128 }),
  credential: PasskeyCredential,
});
export type PasskeySecondStepBody = Static<typeof PasskeySecondStepBody>;

/** /api/v1/account/passkeys/{id}/. */
export const PasskeyParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});
export type PasskeyParams = Static<typeof PasskeyParams>;
