import type { ComponentType } from 'react';
import type { ThemeClasses } from '@cc/config';
import { cx } from '../../../lib/class-names';
import { useBrand } from '../../../lib/brand-context';
import { useLinks } from '../../../lib/links';

/** The header's links, laid out as the wide screen's bar or the phone's menu. */
export type HeaderLinksProps = { layout: 'bar' | 'menu'; onNavigate?: () => void };
export type HeaderLinks = ComponentType<HeaderLinksProps>;

export const linkBase = 'block rounded-md px-3 py-2 text-sm font-medium transition-colors';

export function listClass(layout: HeaderLinksProps['layout']): string {
  return layout === 'bar' ? 'flex items-center gap-1' : 'flex flex-col gap-1';
}

/** A nav link's classes: the brand's colour while its screen is showing. */
export function navLinkClass(theme: ThemeClasses) {
  return ({ isActive }: { isActive: boolean }) =>
    cx(
      linkBase,
      isActive
        ? cx(theme.textColor, 'bg-white/70 font-semibold')
        : 'text-slate-800 hover:bg-white/70',
    );
}

/** A visitor's links: Log in, Create your coupon page. */
export function VisitorLinks({ onNavigate, layout }: HeaderLinksProps) {
  const { config } = useBrand();
  const { NavLink } = useLinks();
  const theme = config.theme;
  return (
    <ul className={listClass(layout)}>
      <li>
        <NavLink to="/login" className={navLinkClass(theme)} onClick={onNavigate}>
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
