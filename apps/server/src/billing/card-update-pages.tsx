import type { ReactElement } from 'react';
import { getClientConfig, type ClientId } from '@cc/config';
import { formatMoney } from '@cc/contract';
import { BrandPage } from '../core/render/brand-page';
import { renderPage } from '../core/render/html';
import type { CardForm } from './cards';
import { CardFormFields, ErrorSummary, TEST_MODE_TEXT, type Errors } from './checkout-pages';

/** The local processor's card update page: the checkout's card form, posting back to its signed link. */
export function cardUpdatePage(params: {
  client: ClientId;
  origin: string;
  /** The signed link, which the form posts back to. */
  action: string;
  storeName: string;
  email: string;
  /** The subscription is past_due or unpaid: the new card is charged at once. */
  owing: boolean;
  priceMinor: number;
  values?: CardForm;
  errors?: Errors;
  alert?: string;
  testMode: boolean;
}): string {
  const brand = getClientConfig(params.client);
  const errors = params.errors ?? {};
  const price = formatMoney(params.priceMinor, brand);
  return renderPage(
    <BrandPage
      client={params.client}
      title="Update your card"
      note={params.testMode ? TEST_MODE_TEXT : undefined}
    >
      <h1>Update your card</h1>
      <p>
        For <strong>{params.storeName}</strong>
        {params.email ? ` (${params.email})` : ''}. Your renewals are charged to this card; the card
        it replaces is removed.
      </p>
      {params.owing ? <OwingNote price={price} /> : null}
      <ErrorSummary alert={params.alert} errors={errors} />
      <form method="post" action={params.action} noValidate>
        <CardFormFields values={params.values ?? {}} errors={errors} />
        <button type="submit">{params.owing ? `Save card and pay ${price}` : 'Save card'}</button>
      </form>
      <p className="hint">
        Local test checkout: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. No real
        card is charged.
      </p>
      <p>
        <a href={`${params.origin}/payment`}>Cancel and go back to {brand.appName}</a>
      </p>
    </BrandPage>,
  );
}

function OwingNote({ price }: { price: string }): ReactElement {
  return <p className="price">Your last payment failed. This card is charged {price} now.</p>;
}
