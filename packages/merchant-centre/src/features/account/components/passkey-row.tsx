import { useState, type FormEvent } from 'react';
import { errorMessage, useRemovePasskeyMutation, useRenamePasskeyMutation } from '@cc/api';
import { PASSKEY_MESSAGES, type Passkey } from '@cc/contract';
import { LoadingButton } from '@cc/ui/loading-button';
import { SubmitButton } from '@cc/ui/submit-button';
import { LazyConfirmDialog } from '../../../lib/lazy-confirm-dialog';
import { formatTime } from './format-time';
import { PasskeyNameInput } from './passkey-name-input';

type Props = {
  passkey: Passkey;
  onAnswer: (answer: { failure: string | null; success: string | null }) => void;
};

/** One passkey: its name, when it was added and last used; rename it in place, or remove it after a confirmation. */
export function PasskeyRow({ passkey, onAnswer }: Props) {
  const [rename] = useRenamePasskeyMutation();
  const [remove] = useRemovePasskeyMutation();
  const [isRenaming, setRenaming] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const [isSaving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') return setNameError(PASSKEY_MESSAGES.nameRequired);
    setSaving(true);
    const result = await rename({ id: passkey.id, name: name.trim() });
    setSaving(false);
    if (result.error) return setNameError(errorMessage(result.error));
    setRenaming(false);
    onAnswer({ failure: null, success: PASSKEY_MESSAGES.renamed });
  }

  async function confirmRemove() {
    const result = await remove(passkey.id);
    setConfirming(false);
    onAnswer(
      result.error
        ? { failure: errorMessage(result.error), success: null }
        : { failure: null, success: PASSKEY_MESSAGES.removed },
    );
  }

  if (isRenaming) {
    return (
      <li className="py-3">
        <form
          className="flex flex-wrap items-end gap-3"
          aria-label={`${PASSKEY_MESSAGES.rename} ${passkey.name}`}
          onSubmit={(event) => void save(event)}
        >
          <div className="min-w-0 grow">
            <PasskeyNameInput value={name} onChange={setName} error={nameError} />
          </div>
          <SubmitButton isLoading={isSaving}>{PASSKEY_MESSAGES.save}</SubmitButton>
          <LoadingButton variant="secondary" onClick={() => setRenaming(false)}>
            {PASSKEY_MESSAGES.cancel}
          </LoadingButton>
        </form>
      </li>
    );
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">{passkey.name}</p>
        <p className="text-slate-700">
          {PASSKEY_MESSAGES.created} {formatTime(passkey.created_at)}
        </p>
        <p className="text-slate-700">
          {passkey.last_used_at
            ? `${PASSKEY_MESSAGES.lastUsed} ${formatTime(passkey.last_used_at)}`
            : PASSKEY_MESSAGES.neverUsed}
        </p>
      </div>
      <div className="flex gap-2">
        <LoadingButton
          variant="secondary"
          aria-label={`${PASSKEY_MESSAGES.rename} ${passkey.name}`}
          onClick={() => setRenaming(true)}
        >
          {PASSKEY_MESSAGES.rename}
        </LoadingButton>
        <LoadingButton
          variant="secondary"
          aria-label={`${PASSKEY_MESSAGES.remove} ${passkey.name}`}
          onClick={() => setConfirming(true)}
        >
          {PASSKEY_MESSAGES.remove}
        </LoadingButton>
      </div>
      <LazyConfirmDialog
        isOpen={isConfirming}
        title={`${PASSKEY_MESSAGES.remove} ${passkey.name}?`}
        confirmLabel={PASSKEY_MESSAGES.remove}
        cancelLabel={PASSKEY_MESSAGES.cancel}
        busyLabel="Removing..."
        isDestructive
        onCancel={() => setConfirming(false)}
        onConfirm={confirmRemove}
      >
        {PASSKEY_MESSAGES.removeConfirm}
      </LazyConfirmDialog>
    </li>
  );
}
