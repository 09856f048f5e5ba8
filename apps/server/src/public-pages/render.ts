import { createHash } from 'node:crypto';
import type { ClientConfig } from '@cc/config';
import type { CouponRow } from '../repositories/coupons';
import type { StoreRow } from '../repositories/stores';
import { offerHeadline } from './headline';
import { escapeHtml, safeUrl, scriptJson } from './html';

/**
 * The page's only script: counts the view, and on 'Use Coupon' reveals the
 * code and counts the reveal; the link itself opens the destination in a new
 * tab through the click-counting redirect. Without JavaScript the codes show.
 */
const PAGE_SCRIPT = `(function(){var b=document.body,s=b.getAttribute('data-slug'),p=b.hasAttribute('data-preview');
function send(q){if(p)return;var u='/stores/'+encodeURIComponent(s)+'/events?'+q;
try{if(navigator.sendBeacon&&navigator.sendBeacon(u))return;fetch(u,{method:'POST',keepalive:true}).catch(function(){});}catch(e){}}
document.addEventListener('click',function(e){var t=e.target,a=t&&t.closest?t.closest('a.use'):null;if(!a)return;
var id=a.getAttribute('data-coupon'),c=document.getElementById('code-'+id);
if(c&&c.hidden){c.hidden=false;send('type=reveal&coupon='+id);}});
send('type=view');})();`;

const scriptHash = `'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`;

/** The store page's Content-Security-Policy: its one inline script by hash, beacons to itself. */
export const PAGE_CSP = [
  "default-src 'none'",
  `script-src ${scriptHash}`,
  "style-src 'unsafe-inline'",
  "img-src 'self' https: http: data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

export type StorePageInput = {
  brand: ClientConfig;
  /** The brand's logo as a data: URL, when its build ships one. */
  brandLogo?: string | undefined;
  store: StoreRow;
  coupons: CouponRow[];
  canonicalUrl: string;
  /** yyyy-MM-dd, UTC. */
  today: string;
  /** A staff preview: not indexed, not counted, links go straight to the destination. */
  preview: boolean;
};

function styles(brand: ClientConfig): string {
  const p = brand.palette;
  return `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:${p.text};background:${p.surface}}
a{color:${p.primary}}header.brand{background:#fff;border-bottom:4px solid ${p.primary};padding:10px 20px}
header.brand a{color:${p.primaryDark};text-decoration:none;font-weight:800;font-size:22px;letter-spacing:.02em;display:inline-block}
header.brand img{display:block;height:40px;width:auto}
main{max-width:880px;margin:0 auto;padding:24px 16px}.store{display:flex;gap:16px;align-items:center;margin-bottom:20px}
.store img{width:120px;height:40px;object-fit:contain;background:#fff;border-radius:4px}.store h1{margin:0;font-size:26px}
.notice{background:#fff7d6;border:1px solid #e5c453;padding:10px 14px;border-radius:6px;margin-bottom:16px}
ol.coupons{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.coupon{display:grid;grid-template-columns:120px 1fr auto;gap:16px;align-items:center;background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.offer{font-weight:800;color:${p.primary};font-size:20px;text-align:center}.coupon h2{margin:0 0 4px;font-size:18px}.coupon p{margin:0}
.dates{font-size:13px;opacity:.75;margin-top:4px}.use{display:inline-block;background:${p.primary};color:${p.onPrimary};padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:700}
.use:hover,.use:focus-visible{background:${p.primaryDark}}.code{margin-top:8px;font-family:ui-monospace,monospace;font-size:16px}
.code strong{border:2px dashed ${p.primary};padding:2px 8px}footer{text-align:center;padding:24px;font-size:13px;opacity:.7}
@media (max-width:640px){.coupon{grid-template-columns:1fr}}`;
}

function shell(params: {
  brand: ClientConfig;
  brandLogo: string | undefined;
  head: string;
  body: string;
  bodyAttributes?: string;
  year: number;
}): string {
  const { brand } = params;
  const mark = params.brandLogo
    ? `<img src="${escapeHtml(params.brandLogo)}" alt="${escapeHtml(brand.appName)}" width="161" height="40">`
    : escapeHtml(brand.appName);
  return `<!doctype html>
<html lang="${escapeHtml(brand.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${params.head}
<style>${styles(brand)}</style>
<noscript><style>.code[hidden]{display:block}</style></noscript>
</head>
<body${params.bodyAttributes ?? ''}>
<header class="brand"><a href="${escapeHtml(brand.clientUrl)}">${mark}</a></header>
${params.body}
<footer>&copy; ${params.year} ${escapeHtml(brand.siteName)}</footer>
</body>
</html>
`;
}

function describeDates(coupon: CouponRow): string {
  return coupon.expirationDate ? `Expires ${coupon.expirationDate}` : 'No expiration date';
}

/** schema.org: the store as an Organization and an Offer per coupon with its validity dates. */
function jsonLd(input: StorePageInput, headlines: string[]): unknown {
  const { store, coupons, canonicalUrl } = input;
  const orgId = `${canonicalUrl}#organization`;
  const logo = safeUrl(store.logoUrl);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': orgId,
        name: store.name,
        ...(safeUrl(store.websiteUrl) ? { url: safeUrl(store.websiteUrl) } : {}),
        ...(logo && !logo.startsWith('/') ? { logo } : {}),
      },
      ...coupons.map((coupon, index) => ({
        '@type': 'Offer',
        '@id': `${canonicalUrl}#coupon-${coupon.id}`,
        name: headlines[index],
        description: coupon.description,
        url: `${canonicalUrl}#coupon-${coupon.id}`,
        offeredBy: { '@id': orgId },
        ...(coupon.startDate ? { validFrom: coupon.startDate } : {}),
        ...(coupon.expirationDate ? { validThrough: coupon.expirationDate } : {}),
      })),
    ],
  };
}

export function renderStorePage(input: StorePageInput): string {
  const { brand, store, coupons, canonicalUrl, preview } = input;
  const word = brand.discountsText ?? 'Coupons';
  const headlines = coupons.map((coupon) => offerHeadline(coupon, brand.currencySymbol));
  const title = `${store.name} ${word} | ${brand.siteName}`;
  const description = coupons.length
    ? `${coupons.length} ${brand.productWord} for ${store.name} on ${brand.siteName}: ${headlines.join(', ')}.`.slice(0, 300)
    : `${store.name} ${brand.productWord} on ${brand.siteName}.`;
  const website = safeUrl(store.affiliateWebsiteUrl) ?? safeUrl(store.websiteUrl);
  const logo = safeUrl(store.logoUrl);
  const slug = encodeURIComponent(store.slug);

  const items = coupons
    .map((coupon, index) => {
      const destination = safeUrl(coupon.destinationCouponUrl) ?? safeUrl(coupon.destinationAffiliateUrl) ?? website ?? '#';
      const href = preview ? destination : `/stores/${slug}/go/${coupon.id}`;
      const code = coupon.discountCode.trim();
      const headline = escapeHtml(headlines[index] ?? '');
      return `<li class="coupon" id="coupon-${coupon.id}">
<div class="offer" aria-hidden="true">${headline}</div>
<div><h2>${headline}</h2><p>${escapeHtml(coupon.description)}</p><p class="dates">${escapeHtml(describeDates(coupon))}</p></div>
<div><a class="use" href="${escapeHtml(href)}" target="_blank" rel="noopener nofollow" data-coupon="${coupon.id}">Use Coupon</a>
<p class="code" id="code-${coupon.id}" hidden>${code ? `Code: <strong>${escapeHtml(code)}</strong>` : 'No code needed'}</p></div>
</li>`;
    })
    .join('\n');

  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:url" content="${escapeHtml(canonicalUrl)}">`,
    `<meta property="og:site_name" content="${escapeHtml(brand.siteName)}">`,
    preview ? '<meta name="robots" content="noindex, nofollow">' : '',
    `<script type="application/ld+json">${scriptJson(jsonLd(input, headlines))}</script>`,
  ]
    .filter(Boolean)
    .join('\n');

  const body = `<main>
${preview ? '<p class="notice" role="status">Preview for review: shoppers see this page once it is approved and paid.</p>' : ''}
<section class="store">
${logo ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(store.name)} logo" width="120" height="40">` : ''}
<div><h1>${escapeHtml(store.name)} ${escapeHtml(word)}</h1>${website ? `<a href="${escapeHtml(website)}" rel="nofollow noopener" target="_blank">Visit ${escapeHtml(store.name)}</a>` : ''}</div>
</section>
${coupons.length ? `<ol class="coupons">\n${items}\n</ol>` : `<p>No ${escapeHtml(brand.productWord)} right now: check back soon.</p>`}
</main>
<script>${PAGE_SCRIPT}</script>`;

  return shell({
    brand,
    brandLogo: input.brandLogo,
    head,
    body,
    bodyAttributes: ` data-slug="${escapeHtml(store.slug)}"${preview ? ' data-preview' : ''}`,
    year: Number(input.today.slice(0, 4)),
  });
}

/** The brand's 404 page for a store page that does not exist or is not live. */
export function renderNotFound(brand: ClientConfig, year: number, brandLogo?: string): string {
  return shell({
    brand,
    brandLogo,
    year,
    head: `<title>Page not found | ${escapeHtml(brand.siteName)}</title>\n<meta name="robots" content="noindex">`,
    body: `<main><h1>Page not found</h1><p>This store page is not available. Find more ${escapeHtml(brand.productWord)} on <a href="${escapeHtml(brand.clientUrl)}">${escapeHtml(brand.siteName)}</a>.</p></main>`,
  });
}
