import { useId } from 'react';
import { NavLink } from 'react-router';
import { STORE_PREVIEW_PATH, storePageState } from '../../../lib/api/store-page-state';
import { cx } from '../../../lib/class-names';
import { useBrand } from '../../../lib/brand-context';
import { useAppSelector } from '../../../lib/hooks';
import { selectStore, selectUser } from '../../../lib/session/session-slice';
import { linkBase, listClass, navLinkClass, VisitorLinks } from './visitor-links';
import type { HeaderLinksProps } from './visitor-links';

/**
 * Signed-in: My Store, My coupons, Insights, Payment, Account, Live coupon page, Logout. Visitors: Log in,
 * Create your coupon page. 'Live coupon page' opens the public page in a new tab once it
 * is live (approved and paid); before that it opens the in-app preview, which says why
 * the page is not live yet (in review, declined with the reason, or not paid).
 */
export function NavLinks({ onNavigate, layout }: HeaderLinksProps) {
  const { config } = useBrand();
  const user = useAppSelector(selectUser);
  const store = useAppSelector(selectStore);
  const previewHintId = useId();
  const linkClass = navLinkClass(config.theme);

  if (!user) return <VisitorLinks layout={layout} onNavigate={onNavigate} />;

  return (
    <ul className={listClass(layout)}>
      <li>
        <NavLink to="/my-store" end className={linkClass} onClick={onNavigate}>
          My Store
        </NavLink>
      </li>
      <li>
        <NavLink to="/coupons" end className={linkClass} onClick={onNavigate}>
          My coupons
        </NavLink>
      </li>
      <li>
        <NavLink to="/insights" className={linkClass} onClick={onNavigate}>
          Insights
        </NavLink>
      </li>
      <li>
        <NavLink to="/payment" className={linkClass} onClick={onNavigate}>
          Payment
        </NavLink>
      </li>
      <li>
        <NavLink to="/account" className={linkClass} onClick={onNavigate}>
          Account
        </NavLink>
      </li>
      {store && storePageState(store) === 'live' && (
        <li>
          <a
            href={`${config.storePagePath}${store.slug}`}
            target="_blank"
            rel="noopener noreferrer"
            className={cx(linkBase, 'text-slate-800 hover:bg-white/70')}
            onClick={onNavigate}
          >
            Live coupon page
          </a>
        </li>
      )}
      {store && storePageState(store) !== 'live' && (
        <li>
          <NavLink
            to={STORE_PREVIEW_PATH}
            className={linkClass}
            onClick={onNavigate}
            aria-describedby={previewHintId}
          >
            Live coupon page
          </NavLink>
          <span id={previewHintId} hidden>
            Not live yet: opens a preview
          </span>
        </li>
      )}
      <li>
        <NavLink to="/logout" className={linkClass} onClick={onNavigate}>
          Logout
        </NavLink>
      </li>
    </ul>
  );
}
