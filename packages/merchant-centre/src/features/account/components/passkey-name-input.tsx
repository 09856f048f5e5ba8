import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH } from '@cc/contract';
import { TextInput } from '@cc/ui/text-input';

/** A passkey's name field, as adding and renaming show it. */
export function PasskeyNameInput(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  return (
    <TextInput
      label={PASSKEY_MESSAGES.nameLabel}
      hint={props.hint}
      name="passkey-name"
      autoComplete="off"
      maxLength={PASSKEY_NAME_MAX_LENGTH}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={props.error}
    />
  );
}
