import { useClientConfig } from '../../../app/brand-context';
import { useAppSelector } from '../../../app/hooks';
import { MerchantPlaceholder } from '../../shell/components/merchant-placeholder';
import { selectStore } from '../../session/session-slice';

/** /my-store: store information (the form lands with the merchant screens). */
export function MyStorePage() {
  const config = useClientConfig();
  const store = useAppSelector(selectStore);
  return <MerchantPlaceholder title={store ? 'YOUR STORE INFORMATION' : `ADD YOUR STORE TO ${config.siteName}`} />;
}

export { MyStorePage as Component };
