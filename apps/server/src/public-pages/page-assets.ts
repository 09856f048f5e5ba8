import { createHash } from 'node:crypto';
import { CLIENT_IDS, getClientConfig, type ClientConfig, type ClientId } from '@cc/config';
import { encodeText, type EncodedText } from './encoding';

/**
 * Where the store pages' stylesheets and script are served, on every port,
 * beside the pages (a slug never holds an underscore).
 */
export const ASSET_PATH = '/_assets/';
const ASSET_PREFIX = `/stores${ASSET_PATH}`;

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

/** Without JavaScript nothing reveals the codes, so they show from the start. */
export const NOSCRIPT_STYLE = '.code[hidden]{display:block}';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The store page's Content-Security-Policy: its own script and stylesheet, the noscript style by hash, beacons to itself. */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' ${sha256(NOSCRIPT_STYLE)}`,
  "img-src 'self' https: http: data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** The page's links to its assets; a page without coupons to reveal (the 404) has no script. */
export type PageAssetLinks = { stylesheet: string; script?: string | undefined };

export type PageAsset = EncodedText & { contentType: string };

/** One stylesheet per brand: its palette on the shared layout. */
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

/** A content-addressed name, so each file can be cached for good. */
function fileName(stem: string, text: string, extension: string): string {
  return `${stem}.${createHash('sha256').update(text).digest('hex').slice(0, 12)}.${extension}`;
}

/**
 * The stylesheet of each brand and the one script, encoded once at start-up
 * and served immutable: every store page of a brand shares them, so a shopper
 * downloads them once.
 */
export async function pageAssets(): Promise<{
  links: (client: ClientId) => PageAssetLinks;
  byName: ReadonlyMap<string, PageAsset>;
}> {
  const byName = new Map<string, PageAsset>();
  const add = async (stem: string, text: string, extension: 'css' | 'js', contentType: string) => {
    const name = fileName(stem, text, extension);
    byName.set(name, { ...(await encodeText(text)), contentType });
    return `${ASSET_PREFIX}${name}`;
  };
  const script = await add('page', PAGE_SCRIPT, 'js', 'text/javascript; charset=utf-8');
  const stylesheets = new Map<ClientId, string>();
  for (const id of CLIENT_IDS) {
    const brand = getClientConfig(id);
    stylesheets.set(id, await add(brand.key, styles(brand), 'css', 'text/css; charset=utf-8'));
  }
  return {
    links: (client) => ({ stylesheet: stylesheets.get(client) ?? '', script }),
    byName,
  };
}
