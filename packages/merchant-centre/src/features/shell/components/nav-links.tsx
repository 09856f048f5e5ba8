import { useId } from 'react';
import { NavLink } from 'react-router';
import { STORE_PREVIEW_PATH, storePageState } from '../../../lib/api/store-page-state';
import { cx } from '../../../lib/class-names';
import { useBrand } from '../../../lib/brand-context';
import { useAppSelector } from '../../../lib/hooks';
import { NAV_LINKS } from '../../../lib/route-table';
import { selectStore, selectUser } from '../../../lib/session/session-slice';
import { linkBase, listClass, navLinkClass, VisitorLinks } from './visitor-links';
import type { HeaderLinksProps } from './visitor-links';

/**
 * Signed-in: the route table's nav (My Store, My coupons, Insights, Payment, Account), Live coupon
 * page, then Logout. Visitors: Log in,
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

  const link = ({ path, label, end }: (typeof NAV_LINKS)[number]) => (
    <li key={path}>
      <NavLink to={path} end={end} className={linkClass} onClick={onNavigate}>
        {label}
      </NavLink>
    </li>
  );

  return (
    <ul className={listClass(layout)}>
      {NAV_LINKS.filter((entry) => !entry.last).map(link)}
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
      {NAV_LINKS.filter((entry) => entry.last).map(link)}
    </ul>
  );
}
