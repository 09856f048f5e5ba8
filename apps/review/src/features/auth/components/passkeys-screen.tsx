import { useState, type FormEvent } from 'react';
import {
  useAddPasskeyMutation,
  useGetPasskeysQuery,
  usePasskeyRegistrationOptionsMutation,
  useRemovePasskeyMutation,
} from '@cc/api';
import { errorMessage } from '@cc/api/errors';
import { browserPasskeys, cancelledMessage, type PasskeyCeremony } from '@cc/api/passkeys';
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH, type Passkey } from '@cc/contract';
import { Banner } from '@cc/ui/banner';
import { ConfirmDialog } from '@cc/ui/confirm-dialog';
import { LoadingButton } from '@cc/ui/loading-button';
import { TextInput } from '@cc/ui/text-input';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** One passkey: its name, added and last used, and its removal after a confirmation. */
function PasskeyItem({
  passkey,
  onRemoved,
}: {
  passkey: Passkey;
  onRemoved: (message: string) => void;
}) {
  const [remove] = useRemovePasskeyMutation();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
      <div>
        <p className="font-semibold">{passkey.name}</p>
        <p className="text-slate-700">
          {PASSKEY_MESSAGES.created} {when(passkey.created_at)} ·{' '}
          {passkey.last_used_at
            ? `${PASSKEY_MESSAGES.lastUsed} ${when(passkey.last_used_at)}`
            : PASSKEY_MESSAGES.neverUsed}
        </p>
      </div>
      <LoadingButton
        variant="secondary"
        aria-label={`${PASSKEY_MESSAGES.remove} ${passkey.name}`}
        onClick={() => setConfirming(true)}
      >
        {PASSKEY_MESSAGES.remove}
      </LoadingButton>
      <ConfirmDialog
        isOpen={isConfirming}
        title={`${PASSKEY_MESSAGES.remove} ${passkey.name}?`}
        confirmLabel={PASSKEY_MESSAGES.remove}
        cancelLabel={PASSKEY_MESSAGES.cancel}
        isDestructive
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const result = await remove(passkey.id);
          setConfirming(false);
          onRemoved('error' in result ? errorMessage(result.error) : PASSKEY_MESSAGES.removed);
        }}
      >
        {PASSKEY_MESSAGES.removeConfirm}
      </ConfirmDialog>
    </li>
  );
}

/**
 * 'Passkeys': the signed-in staff member's own. Adding one asks the password again, then the
 * browser's prompt; the app's code stays required at every password sign-in.
 */
export function PasskeysScreen({ ceremony = browserPasskeys }: { ceremony?: PasskeyCeremony }) {
  const list = useGetPasskeysQuery();
  const [askOptions] = usePasskeyRegistrationOptionsMutation();
  const [add] = useAddPasskeyMutation();
  const [name, setName] = useState<string>(PASSKEY_MESSAGES.defaultName);
  const [password, setPassword] = useState('');
  const [answer, setAnswer] = useState<{ text: string; isError: boolean } | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    setBusy(true);
    try {
      const options = await askOptions({ password });
      if ('error' in options)
        return setAnswer({ text: errorMessage(options.error), isError: true });
      const credential = await ceremony.create(options.data).catch((error: unknown) => {
        setAnswer({ text: cancelledMessage(error) ?? PASSKEY_MESSAGES.failed, isError: true });
        return null;
      });
      if (!credential) return;
      const added = await add({ name: name.trim() || PASSKEY_MESSAGES.defaultName, credential });
      if ('error' in added) return setAnswer({ text: errorMessage(added.error), isError: true });
      setPassword('');
      setAnswer({ text: PASSKEY_MESSAGES.added, isError: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="mx-auto mt-8 max-w-2xl rounded-lg bg-white p-6 shadow">
      <h2 className="text-xl font-bold">{PASSKEY_MESSAGES.sectionTitle}</h2>
      <p className="mt-2 text-sm text-slate-700">{PASSKEY_MESSAGES.sectionIntro}</p>
      {answer && (
        <div className="mt-4">
          <Banner variant={answer.isError ? 'error' : 'info'}>{answer.text}</Banner>
        </div>
      )}
      {list.isLoading && <p className="mt-4 text-sm">Loading the passkeys…</p>}
      {list.data?.length === 0 && (
        <p className="mt-4 text-sm text-slate-700">{PASSKEY_MESSAGES.none}</p>
      )}
      {list.data && list.data.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200" aria-label={PASSKEY_MESSAGES.sectionTitle}>
          {list.data.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              onRemoved={(text) => setAnswer({ text, isError: false })}
            />
          ))}
        </ul>
      )}
      {ceremony.isSupported() ? (
        <form
          className="mt-6 flex flex-col gap-4"
          aria-label={PASSKEY_MESSAGES.add}
          onSubmit={(event) => void submit(event)}
        >
          <TextInput
            label={PASSKEY_MESSAGES.nameLabel}
            hint={PASSKEY_MESSAGES.nameHint}
            name="passkey-name"
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextInput
            label={PASSKEY_MESSAGES.passwordLabel}
            hint={PASSKEY_MESSAGES.passwordHint}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <LoadingButton
            type="submit"
            isLoading={isBusy}
            loadingText="Waiting for the passkey..."
            onClick={() => undefined}
          >
            {PASSKEY_MESSAGES.add}
          </LoadingButton>
        </form>
      ) : (
        <p className="mt-4 text-sm text-slate-700">{PASSKEY_MESSAGES.unsupported}</p>
      )}
    </main>
  );
}
