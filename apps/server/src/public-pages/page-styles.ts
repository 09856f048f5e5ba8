import type { ClientConfig } from '@cc/config';

/**
 * One stylesheet per brand: its palette on the shared layout. A card is the offer
 * (a dashed coupon stub), what it is with its cues, and the action; on a phone
 * (under 640 px) the action spans the card's width under the text.
 */
export function pageStyles(brand: ClientConfig): string {
  const p = brand.palette;
  const muted = '#5b5b66';
  return `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:${p.text};background:${p.surface};line-height:1.45}
a{color:${p.primary}}header.brand{background:#fff;border-bottom:4px solid ${p.primary};padding:10px 20px}
header.brand a{color:${p.primaryDark};text-decoration:none;font-weight:800;font-size:22px;letter-spacing:.02em;display:inline-block}
header.brand img{display:block;height:40px;width:auto}
main{max-width:920px;margin:0 auto;padding:24px 16px 8px}
.store{display:flex;gap:20px;align-items:center;margin-bottom:20px;background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
.store img{width:120px;height:40px;object-fit:contain;flex:none}.store h1{margin:0 0 4px;font-size:28px;line-height:1.2}
.trust{display:flex;flex-wrap:wrap;gap:6px 10px;align-items:center;margin:0 0 6px;font-size:14px;color:${muted}}
.verified{display:inline-flex;align-items:center;gap:6px;background:#e6f4ea;color:#14632f;font-weight:700;font-size:12px;line-height:1;padding:5px 9px;border-radius:999px;text-transform:uppercase;letter-spacing:.05em}
.verified::before{content:'';width:8px;height:4px;border:solid currentColor;border-width:0 0 2px 2px;transform:translateY(-1px) rotate(-45deg)}
.visit{font-weight:600;font-size:14px}
.notice{background:#fff7d6;border:1px solid #e5c453;padding:10px 14px;border-radius:6px;margin-bottom:16px}
ol.coupons{list-style:none;margin:0;padding:0;display:grid;gap:14px}
.coupon{display:grid;grid-template-columns:136px 1fr 210px;grid-template-areas:"offer about action" "offer feedback feedback";column-gap:20px;align-items:center;background:#fff;border-radius:12px;padding:18px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
.offer{grid-area:offer;align-self:stretch;display:flex;flex-direction:column;justify-content:center;align-items:center;gap:2px;min-height:84px;padding:10px 8px;text-align:center;border:2px dashed ${p.primary};border-radius:10px;background:${p.surface}}
.kind{font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.1em;color:${muted}}
.offer h2{margin:0;font-size:22px;line-height:1.15;font-weight:800;color:${p.primary};overflow-wrap:break-word;max-width:100%}
.about{grid-area:about;min-width:0}.about p{margin:0}.about>p:first-child{font-size:16px;font-weight:600;overflow-wrap:anywhere}
.cues{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center;margin-top:8px!important;font-size:13px;color:${muted}}
.expiry.soon{color:#b42318;font-weight:700}
.action{grid-area:action}
.use{position:relative;display:flex;align-items:center;justify-content:center;min-height:48px;width:100%;padding:0 16px;overflow:hidden;background:${p.primary};color:${p.onPrimary};border-radius:8px;text-decoration:none;font-weight:700;font-size:16px}
.use:hover{background:${p.primaryDark}}
.reveal{justify-content:flex-start;padding-right:76px}
.peek{position:absolute;top:0;right:0;bottom:0;width:72px;display:flex;align-items:center;justify-content:flex-end;padding-right:12px;background:#fff;color:${p.text};border:2px dashed ${p.primary};border-left:0;border-radius:0 8px 8px 0;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.08em}
.reveal::after{content:'';position:absolute;top:0;bottom:0;right:46px;width:36px;background:inherit;transform:skewX(-16deg);box-shadow:3px 0 4px rgba(0,0,0,.18)}
.code{display:flex;align-items:stretch;min-height:48px;border:2px dashed ${p.primary};border-radius:8px;background:${p.surface};overflow:hidden}
.code code{flex:1;display:flex;align-items:center;justify-content:center;padding:0 10px;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:18px;font-weight:700;letter-spacing:.06em;user-select:all;overflow-wrap:anywhere}
.copy{flex:none;border:0;background:${p.primary};color:${p.onPrimary};font:inherit;font-weight:700;padding:0 16px;cursor:pointer}
.copy:hover{background:${p.primaryDark}}
.feedback{grid-area:feedback;display:flex;flex-wrap:wrap;align-items:center;justify-content:flex-end;gap:8px;margin-top:12px;font-size:14px;color:${muted}}
.feedback button{font:inherit;font-weight:600;color:${p.text};background:#fff;border:1px solid #c9c9d1;border-radius:999px;padding:5px 18px;cursor:pointer}
.feedback button:hover{border-color:${p.primary};color:${p.primary}}
.use:focus-visible,button:focus-visible{outline:3px solid ${p.primaryDark};outline-offset:2px}
.code[hidden],.feedback[hidden],.use[hidden]{display:none}
footer{text-align:center;padding:24px;font-size:13px;opacity:.7}
@media (max-width:640px){main{padding:16px 12px 8px}.store{flex-direction:column;align-items:flex-start;gap:12px;padding:16px}.store h1{font-size:24px}
.coupon{grid-template-columns:104px 1fr;grid-template-areas:"offer about" "action action" "feedback feedback";column-gap:14px;row-gap:14px;padding:14px}
.offer{min-height:76px;padding:8px 6px}.offer h2{font-size:17px}.feedback{justify-content:flex-start;margin-top:0}}`;
}
