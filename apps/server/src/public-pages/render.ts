import type { ClientConfig } from '@cc/config';
import type { CouponRow } from '../repositories/coupons';
import type { StoreRow } from '../repositories/stores';
import { couponCard } from './coupon-card';
import type { FeedbackCounts } from './feedback';
import { offerHeadline } from './headline';
import { escapeHtml, safeUrl, scriptJson } from '../html';
import { NOSCRIPT_STYLE, type PageAssetLinks } from './page-assets';

export type StorePageInput = {
  brand: ClientConfig;
  /** The brand's logo as a data: URL, when its build ships one. */
  brandLogo?: string | undefined;
  /** Where the page's stylesheet and script are (page-assets.ts). */
  assets: PageAssetLinks;
  store: StoreRow;
  coupons: CouponRow[];
  canonicalUrl: string;
  /** yyyy-MM-dd, UTC. */
  today: string;
  /** A staff preview: not indexed, not counted, links go straight to the destination. */
  preview: boolean;
  /** Shoppers' answers per coupon over the last days (the page's verified cues). */
  feedback: ReadonlyMap<number, FeedbackCounts>;
};

function shell(params: {
  brand: ClientConfig;
  brandLogo: string | undefined;
  assets: PageAssetLinks;
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
<meta name="theme-color" content="${escapeHtml(brand.palette.primary)}">
${params.head}
<link rel="stylesheet" href="${escapeHtml(params.assets.stylesheet)}">
<noscript><style>${NOSCRIPT_STYLE}</style></noscript>
${params.assets.script ? `<script src="${escapeHtml(params.assets.script)}" defer></script>\n` : ''}</head>
<body${params.bodyAttributes ?? ''}>
<header class="brand"><a href="${escapeHtml(brand.clientUrl)}">${mark}</a></header>
${params.body}
<footer>&copy; ${params.year} ${escapeHtml(brand.siteName)}</footer>
</body>
</html>
`;
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
  const headlines = coupons.map((coupon) => offerHeadline(coupon, brand));
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
      return couponCard({
        brand,
        coupon,
        headline: headlines[index] ?? '',
        href: preview ? destination : `/stores/${slug}/go/${coupon.id}`,
        today: input.today,
        feedback: input.feedback.get(coupon.id),
      });
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
<div><h1>${escapeHtml(store.name)} ${escapeHtml(word)}</h1>
<p class="trust"><span class="verified">Verified store</span> <span>Reviewed by ${escapeHtml(brand.siteName)}${coupons.length ? ` · ${coupons.length} ${escapeHtml(coupons.length === 1 ? brand.productWord.replace(/s$/, '') : brand.productWord)}` : ''}</span></p>
${website ? `<a class="visit" href="${escapeHtml(website)}" rel="nofollow noopener" target="_blank">Visit ${escapeHtml(store.name)}</a>` : ''}</div>
</section>
${coupons.length ? `<ol class="coupons">\n${items}\n</ol>` : `<p>No ${escapeHtml(brand.productWord)} right now: check back soon.</p>`}
</main>`;

  return shell({
    brand,
    brandLogo: input.brandLogo,
    assets: input.assets,
    head,
    body,
    bodyAttributes: ` data-slug="${escapeHtml(store.slug)}"${preview ? ' data-preview' : ''}`,
    year: Number(input.today.slice(0, 4)),
  });
}

/** The brand's 404 page for a store page that does not exist or is not live. */
export function renderNotFound(params: {
  brand: ClientConfig;
  year: number;
  brandLogo: string | undefined;
  assets: PageAssetLinks;
}): string {
  const { brand } = params;
  return shell({
    brand,
    brandLogo: params.brandLogo,
    assets: { stylesheet: params.assets.stylesheet },
    year: params.year,
    head: `<title>Page not found | ${escapeHtml(brand.siteName)}</title>\n<meta name="robots" content="noindex">`,
    body: `<main><h1>Page not found</h1><p>This store page is not available. Find more ${escapeHtml(brand.productWord)} on <a href="${escapeHtml(brand.clientUrl)}">${escapeHtml(brand.siteName)}</a>.</p></main>`,
  });
}
