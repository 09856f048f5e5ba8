import { useStartCardUpdateMutation } from '../../../lib/api/billing';
import { leaveFor } from './leave-for';

/**
 * 'Update card': asks the server where the card form is and sends this tab there (it comes
 * back to /payment). The button stays busy until the page unloads; a failure shows through
 * the API's error list and the button is usable again.
 */
export function useCardUpdate() {
  const [startCardUpdate] = useStartCardUpdateMutation();
  return async function updateCard(): Promise<void> {
    const result = await startCardUpdate();
    if (!result.data) return;
    leaveFor(result.data.url);
    await new Promise<never>(() => undefined);
  };
}
