import type { ReactElement, ReactNode } from 'react';
import { getClientConfig, type ClientConfig, type ClientId } from '@cc/config';

/** The layout's stylesheet: the brand's palette; no external assets. */
function brandPageStyles(p: ClientConfig['palette']): string {
  return `
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
`;
}

/**
 * A small brand-coloured page on the brand's origin (the local checkout, receipts, the
 * unsubscribe pages): the app's name as the header, an optional note above the content
 * (the checkout's test-mode line), and at most one script file (the policy allows no
 * inline script). Render it with renderPage.
 */
export function BrandPage(props: {
  client: ClientId;
  title: string;
  note?: string | undefined;
  script?: string | undefined;
  children: ReactNode;
}): ReactElement {
  const brand = getClientConfig(props.client);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${props.title} · ${brand.appName}`}</title>
        <style>{brandPageStyles(brand.palette)}</style>
      </head>
      <body>
        <header>{brand.appName}</header>
        {props.note ? (
          <p className="test-mode" role="note">
            {props.note}
          </p>
        ) : null}
        <main id="main">{props.children}</main>
        {props.script ? <script src={props.script} /> : null}
      </body>
    </html>
  );
}
