import { useState, type FormEvent } from 'react';
import { errorMessage, errorStatus } from '@cc/api/errors';
import { STAFF_ROLE_LABELS } from '@cc/contract';
import { Banner } from '@cc/ui/banner';
import { LoadingButton } from '@cc/ui/loading-button';
import { TextInput } from '@cc/ui/text-input';
import { ConsoleCard } from '../../../components/console-card';
import { fieldErrorsOf, useAcceptInvitationMutation, useLookupInvitationQuery } from '../staff-api';

/** The token of the invitation link this page was opened with. */
export function invitationTokenOf(search: string): string {
  return new URLSearchParams(search).get('token') ?? '';
}

/**
 * The invitation link's page: shows the address and role, asks for a password twice (the
 * spec's rules and the common-password refusal are the server's), then sends the person to
 * sign in. A used, expired or unknown link says so.
 */
export function AcceptInvitation({ token, onSignIn }: { token: string; onSignIn: () => void }) {
  const invitation = useLookupInvitationQuery(token, { skip: token === '' });
  const [accept, accepting] = useAcceptInvitationMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const result = await accept({ token, password, confirm_password: confirm });
    if ('error' in result) {
      setErrors(
        errorStatus(result.error) === 400
          ? fieldErrorsOf(result.error, ['password', 'confirm_password', 'token'])
          : { token: errorMessage(result.error) },
      );
      return;
    }
    setDone(result.data.message);
  }

  const refusal =
    token === ''
      ? 'This invitation link is incomplete. Open the link from the mail again.'
      : invitation.error
        ? (fieldErrorsOf(invitation.error, ['token']).token ?? errorMessage(invitation.error))
        : null;
  return (
    <ConsoleCard title="Join the staff console">
      {invitation.isLoading && <p>Checking your invitation…</p>}
      {refusal && <Banner variant="error">{refusal}</Banner>}
      {done && (
        <div className="flex flex-col gap-4">
          <Banner variant="info">{done}</Banner>
          <button
            type="button"
            className="rounded bg-slate-800 px-4 py-2 font-semibold text-white"
            onClick={onSignIn}
          >
            Go to sign in
          </button>
        </div>
      )}
      {invitation.data && !done && (
        <form
          aria-label="Set your password"
          className="flex flex-col gap-4"
          onSubmit={(event) => void submit(event)}
        >
          <p className="text-sm">
            You were invited as {invitation.data.role === 'admin' ? 'an' : 'a'}{' '}
            {STAFF_ROLE_LABELS[invitation.data.role].toLowerCase()}. Choose a password for{' '}
            <strong>{invitation.data.email}</strong>.
          </p>
          {/* The address as a username field, so a password manager saves the pair. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={invitation.data.email}
            readOnly
            hidden
          />
          <TextInput
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextInput
            label="Confirm password"
            name="confirm_password"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            error={errors.confirm_password}
            onChange={(event) => setConfirm(event.target.value)}
          />
          {errors.token && <Banner variant="error">{errors.token}</Banner>}
          <LoadingButton
            type="submit"
            isLoading={accepting.isLoading}
            onClick={() => undefined}
            isFullWidth
          >
            Create my account
          </LoadingButton>
        </form>
      )}
    </ConsoleCard>
  );
}
