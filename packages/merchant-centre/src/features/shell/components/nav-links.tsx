import { NavLink } from 'react-router';
import { cx } from '../../../lib/class-names';
import { useBrand } from '../../../app/brand-context';
import { useAppSelector } from '../../../app/hooks';
import { selectStore, selectUser } from '../../session/session-slice';

const linkBase = 'block rounded-md px-3 py-2 text-sm font-medium transition-colors';

/** Signed-in: My Store, My coupons, Payment, Live coupon page, Logout. Visitors: Log in, Create your coupon page. */
export function NavLinks({ onNavigate, layout }: { onNavigate?: () => void; layout: 'bar' | 'menu' }) {
  const { config } = useBrand();
  const user = useAppSelector(selectUser);
  const store = useAppSelector(selectStore);
  const theme = config.theme;
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cx(linkBase, isActive ? cx(theme.textColor, 'bg-white/70 font-semibold') : 'text-slate-800 hover:bg-white/70');
  const listClass = layout === 'bar' ? 'flex items-center gap-1' : 'flex flex-col gap-1';

  if (!user) {
    return (
      <ul className={listClass}>
        <li>
          <NavLink to="/login" className={linkClass} onClick={onNavigate}>
            Log in
          </NavLink>
        </li>
        <li>
          <NavLink
            to="/register"
            onClick={onNavigate}
            className={cx(linkBase, 'text-white', theme.primaryColor, theme.hoverColor)}
          >
            Create your coupon page
          </NavLink>
        </li>
      </ul>
    );
  }

  return (
    <ul className={listClass}>
      <li>
        <NavLink to="/my-store" className={linkClass} onClick={onNavigate}>
          My Store
        </NavLink>
      </li>
      <li>
        <NavLink to="/coupons" end className={linkClass} onClick={onNavigate}>
          My coupons
        </NavLink>
      </li>
      <li>
        <NavLink to="/payment" className={linkClass} onClick={onNavigate}>
          Payment
        </NavLink>
      </li>
      {store && (
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
      <li>
        <NavLink to="/logout" className={linkClass} onClick={onNavigate}>
          Logout
        </NavLink>
      </li>
    </ul>
  );
}
