import { useState } from 'react';
import { selectNoticeOfRequest } from '@cc/api';
import { useAppSelector } from './hooks';

/**
 * A form's message about its last failed call, shown above its submit button. It
 * lasts as long as the call's item stays in the notice list, which hides it after
 * NOTIFICATION_AUTO_HIDE_MS unless it is timeless, as it does every error and
 * notification item.
 */
export function useCallMessage() {
  const [shown, setShown] = useState<{ requestId: string; message: string } | null>(null);
  const isListed = useAppSelector(
    (state) => shown !== null && selectNoticeOfRequest(state, shown.requestId) !== undefined,
  );
  return {
    message: shown && isListed ? shown.message : null,
    /** Shows `message` for the failed `call` (a mutation trigger's result). */
    show: (call: { requestId: string }, message: string) =>
      setShown({ requestId: call.requestId, message }),
    clear: () => setShown(null),
  };
}
