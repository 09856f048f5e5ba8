import { Fragment, type ReactElement } from 'react';
import { getClientConfig, type ClientId } from '@cc/config';
import { formatMoney, type BillingDetails } from '@cc/contract';
import { BrandPage } from '../core/render/brand-page';
import { renderPage } from '../core/render/html';
import type { CardForm } from './cards';

/** The channel the merchant site listens on to refetch its subscription after a local payment. */
export const BILLING_CHANNEL = 'coupon-center-billing';

/**
 * Posts `subscription-changed` to the merchant site's tabs after a payment. Served as a file
 * (PAID_SCRIPT_PATH): the Content-Security-Policy allows no inline script.
 */
export const PAID_SCRIPT = `try{new BroadcastChannel(${JSON.stringify(BILLING_CHANNEL)}).postMessage({type:'subscription-changed'})}catch(e){}`;
export const PAID_SCRIPT_PATH = '/checkout/assets/paid.js';

/** What every page of the local processor says: it takes test cards and charges nothing. */
export const TEST_MODE_TEXT = 'TEST MODE: no real card is charged.';

export type Errors = Partial<Record<keyof CardForm, string>>;

function BackLink({
  origin,
  appName,
  label,
}: {
  origin: string;
  appName: string;
  label: string;
}): ReactElement {
  return (
    <a className="button" href={`${origin}/payment`}>
      {label} {appName}
    </a>
  );
}

export function messagePage(params: {
  client: ClientId;
  title: string;
  text: string;
  origin: string;
  testMode: boolean;
}): string {
  const { client, title, text, origin, testMode } = params;
  const brand = getClientConfig(client);
  return renderPage(
    <BrandPage client={client} title={title} note={testMode ? TEST_MODE_TEXT : undefined}>
      <h1>{title}</h1>
      <p>{text}</p>
      <BackLink origin={origin} appName={brand.appName} label="Back to" />
    </BrandPage>,
  );
}

type Field = {
  name: keyof CardForm;
  label: string;
  autoComplete: string;
  inputMode?: 'numeric';
  placeholder?: string;
  maxLength: number;
};

const FIELDS: Field[] = [
  {
    name: 'card_number',
    label: 'Card number',
    autoComplete: 'cc-number',
    inputMode: 'numeric',
    placeholder: '1234 1234 1234 1234',
    maxLength: 23,
  },
  {
    name: 'expiry',
    label: 'Expiry (MM/YY)',
    autoComplete: 'cc-exp',
    inputMode: 'numeric',
    placeholder: 'MM/YY',
    maxLength: 7,
  },
  {
    name: 'cvc',
    label: 'CVC',
    autoComplete: 'cc-csc',
    inputMode: 'numeric',
    placeholder: '123',
    maxLength: 4,
  },
  { name: 'name', label: 'Name on card', autoComplete: 'cc-name', maxLength: 100 },
];

function CardInput({
  field,
  values,
  errors,
}: {
  field: Field;
  values: CardForm;
  errors: Errors;
}): ReactElement {
  const error = errors[field.name];
  const id = `field-${field.name}`;
  // The card number and CVC are never echoed back into the page.
  const value = field.name === 'expiry' || field.name === 'name' ? (values[field.name] ?? '') : '';
  return (
    <div>
      <label htmlFor={id}>{field.label}</label>
      <input
        id={id}
        name={field.name}
        type="text"
        required
        autoComplete={field.autoComplete}
        inputMode={field.inputMode}
        placeholder={field.placeholder}
        maxLength={field.maxLength}
        defaultValue={value}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
      />
      {error ? (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The card form's fields, the same on the checkout and the card update pages. */
export function CardFormFields({
  values,
  errors,
}: {
  values: CardForm;
  errors: Errors;
}): ReactElement {
  const [cardNumber, expiry, cvc, name] = FIELDS.map((f) => (
    <CardInput key={f.name} field={f} values={values} errors={errors} />
  ));
  return (
    <>
      {cardNumber}
      <div className="row">
        {expiry}
        {cvc}
      </div>
      {name}
    </>
  );
}

export function ErrorSummary({
  alert,
  errors,
}: {
  alert: string | undefined;
  errors: Errors;
}): ReactElement | null {
  if (alert) {
    return (
      <div className="alert" role="alert" id="payment-error">
        {alert}
      </div>
    );
  }
  const fieldErrors = FIELDS.filter((f) => errors[f.name]);
  if (!fieldErrors.length) return null;
  return (
    <div className="alert" role="alert">
      <p>Please correct the following:</p>
      <ul>
        {fieldErrors.map((f) => (
          <li key={f.name}>
            <a href={`#field-${f.name}`}>{errors[f.name]}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function checkoutPage(params: {
  client: ClientId;
  origin: string;
  sessionId: string;
  planName: string;
  storeName: string;
  email: string;
  values?: CardForm;
  errors?: Errors;
  alert?: string;
  testMode: boolean;
}): string {
  const brand = getClientConfig(params.client);
  const errors = params.errors ?? {};
  const values = params.values ?? {};
  const price = formatMoney(brand.priceMinor, brand);
  return renderPage(
    <BrandPage
      client={params.client}
      title="Subscribe"
      note={params.testMode ? TEST_MODE_TEXT : undefined}
    >
      <h1>Subscribe to {params.planName}</h1>
      <p className="price">{price} per month</p>
      <p>
        For <strong>{params.storeName}</strong>
        {params.email ? ` (${params.email})` : ''}. Billed monthly until you cancel.
      </p>
      <ErrorSummary alert={params.alert} errors={errors} />
      <form
        method="post"
        action={`/checkout/sessions/${encodeURIComponent(params.sessionId)}`}
        noValidate
      >
        <CardFormFields values={values} errors={errors} />
        <button type="submit">Pay {price}</button>
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

export function receiptPage(params: {
  client: ClientId;
  origin: string;
  orderId: number;
  paidAt: Date;
  amount: number;
  currency: string;
  planName: string;
  storeName: string;
  billedTo: BillingDetails;
  /** The invoice PDF's link (invoices/routes.ts). */
  invoiceUrl?: string;
  justPaid: boolean;
  testMode: boolean;
}): string {
  const brand = getClientConfig(params.client);
  const { billedTo } = params;
  const address = [
    billedTo.billing_name,
    billedTo.address_line1,
    billedTo.address_line2,
    billedTo.city,
    billedTo.postal_code,
    billedTo.country,
  ].filter((line) => line !== '');
  const date = params.paidAt.toLocaleDateString(brand.locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return renderPage(
    <BrandPage
      client={params.client}
      title={`Receipt #${params.orderId}`}
      note={params.testMode ? TEST_MODE_TEXT : undefined}
      script={params.justPaid ? PAID_SCRIPT_PATH : undefined}
    >
      {params.justPaid ? (
        <div className="ok" role="status">
          Payment successful. Thank you! Your subscription is active.
        </div>
      ) : null}
      <h1>Receipt #{params.orderId}</h1>
      <dl>
        <dt>Order ID</dt>
        <dd>#{params.orderId}</dd>
        <dt>Date</dt>
        <dd>{date}</dd>
        <dt>Amount</dt>
        <dd>{formatMoney(params.amount, { locale: brand.locale, currency: params.currency })}</dd>
        <dt>Plan</dt>
        <dd>{params.planName}, monthly</dd>
        <dt>Store</dt>
        <dd>{params.storeName}</dd>
        {address.length ? (
          <>
            <dt>Billed to</dt>
            <dd>
              {address.map((line, index) => (
                <Fragment key={index}>
                  {index ? <br /> : null}
                  {line}
                </Fragment>
              ))}
            </dd>
          </>
        ) : null}
        {billedTo.vat_number ? (
          <>
            <dt>VAT number</dt>
            <dd>{billedTo.vat_number}</dd>
          </>
        ) : null}
        <dt>Status</dt>
        <dd>Paid</dd>
        {params.invoiceUrl ? (
          <>
            <dt>Invoice</dt>
            <dd>
              <a href={params.invoiceUrl}>Download the invoice (PDF)</a>
            </dd>
          </>
        ) : null}
      </dl>
      <BackLink origin={params.origin} appName={brand.appName} label="Back to" />
    </BrandPage>,
  );
}
