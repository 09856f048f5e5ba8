import type { ReactElement, ReactNode } from 'react';
import type { ClientConfig } from '@cc/config';
import { JsonLd, renderPage, safeUrl } from '../core/render/html';
import { couponHeadline, type Offer } from '@cc/contract';
import { decodeOfferRow } from '../coupons/offer-row';
import type { CouponRow } from '../coupons/types';
import type { StoreRow } from '../stores/types';
import { CouponCard } from './coupon-card';
import type { FeedbackCounts } from './feedback';
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

/** The brand's frame around a store page and its 404: head, brand header, footer. */
function Shell(props: {
  brand: ClientConfig;
  brandLogo: string | undefined;
  assets: PageAssetLinks;
  head: ReactNode;
  body: ReactNode;
  slug?: string;
  preview?: boolean;
  year: number;
}): ReactElement {
  const { brand } = props;
  return (
    <html lang={brand.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brand.palette.primary} />
        {props.head}
        <link rel="stylesheet" href={props.assets.stylesheet} />
        <noscript>
          <style>{NOSCRIPT_STYLE}</style>
        </noscript>
        {props.assets.script ? <script src={props.assets.script} defer /> : null}
      </head>
      <body data-slug={props.slug} data-preview={props.preview ? '' : undefined}>
        <header className="brand">
          <a href={brand.clientUrl}>
            {props.brandLogo ? (
              <img src={props.brandLogo} alt={brand.appName} width={161} height={40} />
            ) : (
              brand.appName
            )}
          </a>
        </header>
        {props.body}
        <footer>
          © {props.year} {brand.siteName}
        </footer>
      </body>
    </html>
  );
}

/** schema.org: the store as an Organization and an Offer per coupon with its validity dates. */
function jsonLd(input: StorePageInput, offers: Offer[], headlines: string[]): unknown {
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
        ...(offers[index]?.startsOn ? { validFrom: offers[index].startsOn } : {}),
        ...(offers[index]?.expiresOn ? { validThrough: offers[index].expiresOn } : {}),
      })),
    ],
  };
}

export function renderStorePage(input: StorePageInput): string {
  const { brand, store, coupons, canonicalUrl, preview } = input;
  const word = brand.discountsText ?? 'Coupons';
  const offers = coupons.map(decodeOfferRow);
  const headlines = offers.map((offer) => couponHeadline(offer, brand));
  const title = `${store.name} ${word} | ${brand.siteName}`;
  const description = coupons.length
    ? `${coupons.length} ${brand.productWord} for ${store.name} on ${brand.siteName}: ${headlines.join(', ')}.`.slice(
        0,
        300,
      )
    : `${store.name} ${brand.productWord} on ${brand.siteName}.`;
  const website = safeUrl(store.affiliateWebsiteUrl) ?? safeUrl(store.websiteUrl);
  const logo = safeUrl(store.logoUrl);
  const slug = encodeURIComponent(store.slug);
  const count = coupons.length === 1 ? brand.productWord.replace(/s$/, '') : brand.productWord;

  const head = (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {/* The brand's own address of the page; a staff preview is not indexed and names none. */}
      {preview ? null : <link rel="canonical" href={canonicalUrl} />}
      <meta property="og:title" content={title} />
      <meta property="og:url" content={canonicalUrl} />
      <meta property="og:site_name" content={brand.siteName} />
      {preview ? <meta name="robots" content="noindex, nofollow" /> : null}
      <JsonLd value={jsonLd(input, offers, headlines)} />
    </>
  );

  const body = (
    <main>
      {preview ? (
        <p className="notice" role="status">
          Preview for review: shoppers see this page once it is approved and paid.
        </p>
      ) : null}
      <section className="store">
        {logo ? <img src={logo} alt={`${store.name} logo`} width={120} height={40} /> : null}
        <div>
          <h1>
            {store.name} {word}
          </h1>
          <p className="trust">
            <span className="verified">Verified store</span>{' '}
            <span>
              Reviewed by {brand.siteName}
              {coupons.length ? ` · ${coupons.length} ${count}` : ''}
            </span>
          </p>
          {website ? (
            <a className="visit" href={website} rel="nofollow noopener" target="_blank">
              Visit {store.name}
            </a>
          ) : null}
        </div>
      </section>
      {coupons.length ? (
        <ol className="coupons">
          {coupons.map((coupon, index) => {
            const destination =
              safeUrl(coupon.destinationCouponUrl) ??
              safeUrl(coupon.destinationAffiliateUrl) ??
              website ??
              '#';
            return (
              <CouponCard
                key={coupon.id}
                brand={brand}
                coupon={coupon}
                expiresOn={offers[index]?.expiresOn ?? null}
                headline={headlines[index] ?? ''}
                href={preview ? destination : `/stores/${slug}/go/${coupon.id}`}
                today={input.today}
                feedback={input.feedback.get(coupon.id)}
              />
            );
          })}
        </ol>
      ) : (
        <p>No {brand.productWord} right now: check back soon.</p>
      )}
    </main>
  );

  return renderPage(
    <Shell
      brand={brand}
      brandLogo={input.brandLogo}
      assets={input.assets}
      head={head}
      body={body}
      slug={store.slug}
      preview={preview}
      year={Number(input.today.slice(0, 4))}
    />,
  );
}

/** The brand's 404 page for a store page that does not exist or is not live. */
export function renderNotFound(params: {
  brand: ClientConfig;
  year: number;
  brandLogo: string | undefined;
  assets: PageAssetLinks;
}): string {
  const { brand } = params;
  return renderPage(
    <Shell
      brand={brand}
      brandLogo={params.brandLogo}
      assets={{ stylesheet: params.assets.stylesheet }}
      year={params.year}
      head={
        <>
          <title>{`Page not found | ${brand.siteName}`}</title>
          <meta name="robots" content="noindex" />
        </>
      }
      body={
        <main>
          <h1>Page not found</h1>
          <p>
            This store page is not available. Find more {brand.productWord} on{' '}
            <a href={brand.clientUrl}>{brand.siteName}</a>.
          </p>
        </main>
      }
    />,
  );
}
