import { getClientConfig, type ClientId } from '@cc/config';
import { formatMoney, type BillingDetails } from '@cc/contract';
import type { CardForm } from '../../billing/cards';
import { escapeHtml } from '../../html';

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

type PageParams = { client: ClientId; title: string; body: string; testMode: boolean; script?: string };

/** A brand-coloured page from the client's palette; no external assets. */
export function page(params: PageParams): string {
  const brand = getClientConfig(params.client);
  const p = brand.palette;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(params.title)} · ${escapeHtml(brand.appName)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:${p.surface};color:${p.text};line-height:1.5}
header{background:${p.primary};color:${p.onPrimary};padding:16px 24px;font-weight:700;font-size:1.25rem}
main{max-width:32rem;margin:32px auto;padding:24px;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin:0 0 8px}
.price{font-size:1.25rem;font-weight:700;color:${p.primary}}
label{display:block;font-weight:600;margin:16px 0 4px}
input{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #767676;border-radius:4px;color:inherit}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid ${p.primary};outline-offset:2px}
input[aria-invalid=true]{border-color:#b00020;border-width:2px}
.row{display:flex;gap:16px}.row>div{flex:1}
.error{color:#b00020;margin:4px 0 0;font-size:.95rem}
.alert{border:2px solid #b00020;background:#fdecee;color:#7a0016;padding:12px;border-radius:4px;margin:16px 0}
.ok{border:2px solid #1b7f3b;background:#e8f6ec;color:#0f4d23;padding:12px;border-radius:4px;margin:16px 0}
button,.button{display:inline-block;margin-top:24px;width:100%;padding:12px;font-size:1.05rem;font-weight:700;border:0;border-radius:4px;background:${p.primary};color:${p.onPrimary};cursor:pointer;text-align:center;text-decoration:none}
button:hover,.button:hover{background:${p.primaryDark}}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px}dt{font-weight:600}dd{margin:0}
.hint{font-size:.9rem;color:#555}
.test-mode{margin:0;padding:8px 24px;background:#fff4ce;color:#5c4400;font-weight:700;border-bottom:2px solid #8a6d00}
</style>
</head>
<body>
<header>${escapeHtml(brand.appName)}</header>
${params.testMode ? `<p class="test-mode" role="note">${TEST_MODE_TEXT}</p>\n` : ''}<main id="main">${params.body}</main>
${params.script ? `<script src="${escapeHtml(params.script)}"></script>` : ''}
</body>
</html>`;
}

export function messagePage(params: { client: ClientId; title: string; text: string; origin: string; testMode: boolean }): string {
  const { client, title, text, origin, testMode } = params;
  const brand = getClientConfig(client);
  return page({
    client,
    title,
    testMode,
    body: `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><a class="button" href="${escapeHtml(origin)}/payment">Back to ${escapeHtml(brand.appName)}</a>`,
  });
}

type Field = { name: keyof CardForm; label: string; autocomplete: string; inputmode?: string; placeholder?: string; maxlength: number };

const FIELDS: Field[] = [
  { name: 'card_number', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '1234 1234 1234 1234', maxlength: 23 },
  { name: 'expiry', label: 'Expiry (MM/YY)', autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM/YY', maxlength: 7 },
  { name: 'cvc', label: 'CVC', autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', maxlength: 4 },
  { name: 'name', label: 'Name on card', autocomplete: 'cc-name', maxlength: 100 },
];

function input(field: Field, values: CardForm, errors: Partial<Record<keyof CardForm, string>>): string {
  const error = errors[field.name];
  const id = `field-${field.name}`;
  // The card number and CVC are never echoed back into the page.
  const value = field.name === 'expiry' || field.name === 'name' ? (values[field.name] ?? '') : '';
  return `<div><label for="${id}">${field.label}</label>
<input id="${id}" name="${field.name}" type="text" required autocomplete="${field.autocomplete}"${field.inputmode ? ` inputmode="${field.inputmode}"` : ''}${field.placeholder ? ` placeholder="${field.placeholder}"` : ''} maxlength="${field.maxlength}" value="${escapeHtml(value)}"${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}</div>`;
}

export function checkoutPage(params: {
  client: ClientId;
  origin: string;
  sessionId: string;
  planName: string;
  storeName: string;
  email: string;
  values?: CardForm;
  errors?: Partial<Record<keyof CardForm, string>>;
  alert?: string;
  testMode: boolean;
}): string {
  const brand = getClientConfig(params.client);
  const errors = params.errors ?? {};
  const values = params.values ?? {};
  const fieldErrors = FIELDS.filter((f) => errors[f.name]);
  const [cardNumber, expiry, cvc, name] = FIELDS.map((f) => input(f, values, errors));
  const summary = params.alert
    ? `<div class="alert" role="alert" id="payment-error">${escapeHtml(params.alert)}</div>`
    : fieldErrors.length
      ? `<div class="alert" role="alert"><p>Please correct the following:</p><ul>${fieldErrors
          .map((f) => `<li><a href="#field-${f.name}">${escapeHtml(errors[f.name] ?? '')}</a></li>`)
          .join('')}</ul></div>`
      : '';
  return page({
    client: params.client,
    title: 'Subscribe',
    testMode: params.testMode,
    body: `<h1>Subscribe to ${escapeHtml(params.planName)}</h1>
<p class="price">${escapeHtml(formatMoney(brand.priceMinor, brand))} per month</p>
<p>For <strong>${escapeHtml(params.storeName)}</strong>${params.email ? ` (${escapeHtml(params.email)})` : ''}. Billed monthly until you cancel.</p>
${summary}
<form method="post" action="/checkout/sessions/${encodeURIComponent(params.sessionId)}" novalidate>
${cardNumber}
<div class="row">${expiry}${cvc}</div>
${name}
<button type="submit">Pay ${escapeHtml(formatMoney(brand.priceMinor, brand))}</button>
</form>
<p class="hint">Local test checkout: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. No real card is charged.</p>
<p><a href="${escapeHtml(params.origin)}/payment">Cancel and go back to ${escapeHtml(brand.appName)}</a></p>`,
  });
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
  justPaid: boolean;
  testMode: boolean;
}): string {
  const brand = getClientConfig(params.client);
  const { billedTo } = params;
  const address = [billedTo.billing_name, billedTo.address_line1, billedTo.address_line2, billedTo.city, billedTo.postal_code, billedTo.country]
    .filter((line) => line !== '')
    .map(escapeHtml)
    .join('<br>');
  const date = params.paidAt.toLocaleDateString(brand.locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return page({
    client: params.client,
    title: `Receipt #${params.orderId}`,
    testMode: params.testMode,
    body: `${params.justPaid ? '<div class="ok" role="status">Payment successful. Thank you! Your subscription is active.</div>' : ''}
<h1>Receipt #${params.orderId}</h1>
<dl>
<dt>Order ID</dt><dd>#${params.orderId}</dd>
<dt>Date</dt><dd>${escapeHtml(date)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatMoney(params.amount, { locale: brand.locale, currency: params.currency }))}</dd>
<dt>Plan</dt><dd>${escapeHtml(params.planName)}, monthly</dd>
<dt>Store</dt><dd>${escapeHtml(params.storeName)}</dd>
${address ? `<dt>Billed to</dt><dd>${address}</dd>\n` : ''}${billedTo.vat_number ? `<dt>VAT number</dt><dd>${escapeHtml(billedTo.vat_number)}</dd>\n` : ''}<dt>Status</dt><dd>Paid</dd>
</dl>
<a class="button" href="${escapeHtml(params.origin)}/payment">Back to ${escapeHtml(brand.appName)}</a>`,
    ...(params.justPaid ? { script: PAID_SCRIPT_PATH } : {}),
  });
}
