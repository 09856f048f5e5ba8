#!/usr/bin/env node
// A coupon site built on the catalogue API: renders a brand's A-to-Z merchant list and one
// merchant's coupons as a static HTML page, from a running Coupon Center server.
//
//   node examples/catalogue-site/render.mjs --api http://127.0.0.1:4000 --site 7 \
//     [--merchant <slug>] [--letter <a-z|0-9>] [--out page.html]
//
// Node 20 or later, no dependencies. It calls only the public legacy calls:
// GET /api/Merchant/List (or /api/Merchant/letter/{letter}), /api/Merchant/slug/{slug}
// and /api/Coupon/store/{storeId}, with the brand's site key in the x-site-key header.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

/**
 * What this page reads of the catalogue's answers.
 * @typedef {{ Name: string, Url: string, CouponCount: number }} MerchantItem
 * @typedef {{ MerchantId: number, Name: string, LogoUrl: string }} Merchant
 * @typedef {{ Headline: string, Description: string, Code: string | null, ExpirationDate: string | null, Url: string }} Coupon
 */

const escape = (/** @type {unknown} */ text) =>
  String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Only http(s) links reach the page. */
const link = (/** @type {string} */ url) => (/^https?:\/\//i.test(url) ? escape(url) : '#');

/**
 * @param {string} api the server's address
 * @param {string} path
 * @param {string} site the brand's site key
 */
async function getJson(api, path, site) {
  const response = await fetch(new URL(path, api), {
    headers: { accept: 'application/json', 'x-site-key': String(site) },
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

/**
 * Every item of a paginated list ({ Items, TotalCount, Page, PageSize }).
 * @template Item
 * @param {string} api
 * @param {string} path
 * @param {string} site
 * @returns {Promise<Item[]>}
 */
async function everyItem(api, path, site) {
  /** @type {Item[]} */
  const items = [];
  for (let page = 1; ; page += 1) {
    /** @type {{ Items: Item[], TotalCount: number }} */
    const body = await getJson(api, `${path}?page=${page}&pageSize=100`, site);
    items.push(...body.Items);
    if (items.length >= body.TotalCount || body.Items.length === 0) return items;
  }
}

/**
 * The A-to-Z heading of a name: its first letter without accents, 0-9 for a digit, # otherwise.
 * @param {string} name
 */
export function headingOf(name) {
  const first = name
    .trim()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase();
  if (/[A-Z]/.test(first)) return first;
  return /[0-9]/.test(first) ? '0-9' : '#';
}

/** @param {MerchantItem[]} merchants */
function renderAtoZ(merchants) {
  /** @type {Map<string, MerchantItem[]>} */
  const groups = new Map();
  for (const merchant of merchants) {
    const heading = headingOf(merchant.Name);
    groups.set(heading, [...(groups.get(heading) ?? []), merchant]);
  }
  const nav = [...groups.keys()]
    .map((heading) => `<a href="#letter-${escape(heading)}">${escape(heading)}</a>`)
    .join(' ');
  const sections = [...groups]
    .map(
      ([heading, group]) =>
        `<section id="letter-${escape(heading)}"><h2>${escape(heading)}</h2><ul>${group
          .map(
            (m) =>
              `<li><a href="${link(m.Url)}">${escape(m.Name)}</a> <small>(${m.CouponCount} offers)</small></li>`,
          )
          .join('')}</ul></section>`,
    )
    .join('\n');
  return `<nav class="a-to-z">${nav}</nav>\n${sections}`;
}

/**
 * @param {Merchant} merchant
 * @param {Coupon[]} coupons
 */
function renderMerchant(merchant, coupons) {
  const logo = /^https?:\/\//i.test(merchant.LogoUrl)
    ? `<img src="${escape(merchant.LogoUrl)}" alt="" width="120" height="40">`
    : '';
  const items = coupons
    .map(
      (c) =>
        `<li class="coupon"><strong>${escape(c.Headline)}</strong> ${escape(c.Description)}` +
        (c.Code ? ` <code>${escape(c.Code)}</code>` : '') +
        (c.ExpirationDate ? ` <small>Ends ${escape(c.ExpirationDate)}</small>` : '') +
        ` <a href="${link(c.Url)}" rel="nofollow noopener" target="_blank">Use Coupon</a></li>`,
    )
    .join('');
  return `<article class="merchant">${logo}<h2>${escape(merchant.Name)}</h2><ul>${items}</ul></article>`;
}

/**
 * The page: the A-to-Z list (one letter's with `letter`) and, with `merchant` (a slug), its coupons.
 * @param {{ api: string, site: string, merchant?: string | undefined, letter?: string | undefined }} options
 */
export async function renderCatalogue({ api, site, merchant, letter }) {
  const listPath = letter
    ? `/api/Merchant/letter/${encodeURIComponent(letter)}`
    : '/api/Merchant/List';
  /** @type {MerchantItem[]} */
  const merchants = await everyItem(api, listPath, site);
  let detail = '';
  if (merchant) {
    /** @type {Merchant} */
    const found = await getJson(api, `/api/Merchant/slug/${encodeURIComponent(merchant)}`, site);
    /** @type {Coupon[]} */
    const coupons = await everyItem(api, `/api/Coupon/store/${found.MerchantId}`, site);
    detail = renderMerchant(found, coupons);
  }
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Stores A to Z</title></head>
<body>
<h1>Stores A to Z</h1>
${renderAtoZ(merchants)}
${detail}
</body></html>
`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      api: { type: 'string', default: 'http://127.0.0.1:4000' },
      site: { type: 'string', default: '7' },
      merchant: { type: 'string' },
      letter: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const html = await renderCatalogue(values);
  if (values.out) await writeFile(values.out, html);
  else process.stdout.write(html);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
