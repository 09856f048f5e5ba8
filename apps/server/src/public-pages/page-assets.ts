import { createHash } from 'node:crypto';
import { CLIENT_IDS, getClientConfig, type ClientId } from '@cc/config';
import { encodeText, type EncodedText } from './encoding';
import { pageStyles } from './page-styles';

/**
 * Where the store pages' stylesheets and script are served, on every port,
 * beside the pages (a slug never holds an underscore).
 */
export const ASSET_PATH = '/_assets/';
const ASSET_PREFIX = `/stores${ASSET_PATH}`;

/**
 * The page's only script: counts the view; 'Show code' reveals the code with its
 * copy button and "Did this code work?" and counts the reveal, while the link
 * itself opens the merchant in a new tab through the click-counting redirect
 * ('Get deal' is that link alone). Without JavaScript the codes show.
 */
const PAGE_SCRIPT = `(function(){var b=document.body,s=b.getAttribute('data-slug'),p=b.hasAttribute('data-preview'),base='/stores/'+encodeURIComponent(s);
function send(q){if(p)return;var u=base+'/events?'+q;
try{if(navigator.sendBeacon&&navigator.sendBeacon(u))return;fetch(u,{method:'POST',keepalive:true}).catch(function(){});}catch(e){}}
function reveal(a){var id=a.getAttribute('data-coupon'),c=document.getElementById('code-'+id),f=document.getElementById('feedback-'+id);
if(!c||!c.hidden)return;c.hidden=false;a.hidden=true;send('type=reveal&coupon='+id);if(f&&!p)f.hidden=false;
var copy=c.querySelector('button');if(copy)copy.focus();}
function pick(t){var r=document.createRange(),w=window.getSelection();r.selectNodeContents(t);if(w){w.removeAllRanges();w.addRange(r);}}
function copy(btn){var code=btn.previousElementSibling;function done(){btn.textContent='Copied';setTimeout(function(){btn.textContent='Copy';},2000);}
if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(btn.getAttribute('data-code')||'').then(done,function(){pick(code);});}else pick(code);}
function answer(btn){var f=btn.closest('.feedback'),all=f.querySelectorAll('button');for(var i=0;i<all.length;i++)all[i].disabled=true;
function say(t){f.setAttribute('role','status');f.textContent=t;}
fetch(base+'/feedback',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({coupon:Number(f.getAttribute('data-coupon')),worked:btn.getAttribute('data-worked')==='true'})})
.then(function(r){say(r.ok?'Thanks for letting us know.':'Sorry, your answer could not be saved.');},function(){say('Sorry, your answer could not be saved.');});}
document.addEventListener('click',function(e){var t=e.target;if(!t||!t.closest)return;var a=t.closest('a.reveal');if(a){reveal(a);return;}
var c=t.closest('button.copy');if(c){copy(c);return;}var w=t.closest('.feedback button');if(w)answer(w);});
send('type=view');})();`;

/** Without JavaScript nothing reveals the codes, so they show from the start. */
export const NOSCRIPT_STYLE = '.code[hidden]{display:flex}.copy,.peek{display:none}';

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
    stylesheets.set(id, await add(brand.key, pageStyles(brand), 'css', 'text/css; charset=utf-8'));
  }
  return {
    links: (client) => ({ stylesheet: stylesheets.get(client) ?? '', script }),
    byName,
  };
}
