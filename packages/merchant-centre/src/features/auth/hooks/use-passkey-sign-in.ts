import {
  errorMessage,
  errorStatus,
  usePasskeyLoginMutation,
  usePasskeyLoginOptionsMutation,
  usePasskeySecondStepMutation,
  usePasskeySecondStepOptionsMutation,
} from '@cc/api';
import { browserPasskeys, cancelledMessage, type PasskeyCeremony } from '@cc/api/passkeys';
import { PASSKEY_MESSAGES, SECOND_FACTOR_MESSAGES, type AuthTokens } from '@cc/contract';

/** A passkey sign-in's outcome: the session's tokens, or the message to show (and whether the challenge expired). */
export type PasskeyOutcome = { tokens: AuthTokens } | { failure: string; isExpired: boolean };

/**
 * The two sign-ins with a passkey: without a password (`signIn`), or in place of the code
 * for a sign-in's challenge (`secondStep`). Each asks the server for options, lets the browser
 * sign them, and sends the answer back.
 */
export function usePasskeySignIn(ceremony: PasskeyCeremony = browserPasskeys) {
  const [loginOptions] = usePasskeyLoginOptionsMutation();
  const [login] = usePasskeyLoginMutation();
  const [secondStepOptions] = usePasskeySecondStepOptionsMutation();
  const [secondStep] = usePasskeySecondStepMutation();

  // The sign-in's challenge ran out (back to the password); any other refusal leaves the step open.
  const failed = (error: unknown): PasskeyOutcome => ({
    failure: errorMessage(error),
    isExpired:
      errorStatus(error) === 401 && errorMessage(error) === SECOND_FACTOR_MESSAGES.challengeExpired,
  });
  const sign = (options: Parameters<PasskeyCeremony['get']>[0]) =>
    ceremony
      .get(options)
      .catch((error: unknown) => cancelledMessage(error) ?? PASSKEY_MESSAGES.failed);

  return {
    isSupported: ceremony.isSupported(),
    async signIn(): Promise<PasskeyOutcome> {
      const options = await loginOptions();
      if (options.error) return failed(options.error);
      const credential = await sign(options.data);
      if (typeof credential === 'string') return { failure: credential, isExpired: false };
      const result = await login({ credential });
      return result.error ? failed(result.error) : { tokens: result.data };
    },
    async secondStep(challenge: string): Promise<PasskeyOutcome> {
      const options = await secondStepOptions({ challenge });
      if (options.error) return failed(options.error);
      const credential = await sign(options.data);
      if (typeof credential === 'string') return { failure: credential, isExpired: false };
      const result = await secondStep({ challenge, credential });
      return result.error ? failed(result.error) : { tokens: result.data };
    },
  };
}
