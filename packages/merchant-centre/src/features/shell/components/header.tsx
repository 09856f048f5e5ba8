import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../lib/class-names';
import { useBrand } from '../../../lib/brand-context';
import { MobileMenu } from './mobile-menu';
import { NavLinks } from './nav-links';

/** Logo, the nav for wide screens and the menu button that opens the mobile dialog. */
export function Header() {
  const { config, assets } = useBrand();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  return (
    <header className={cx('border-b border-slate-200', config.theme.bgColor)}>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="inline-flex items-center" aria-label={`${config.appName} home`}>
          <img src={assets.logoUrl} alt={config.appName} width={160} height={40} className="h-10 w-auto" />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinks layout="bar" />
        </nav>
        <button
          type="button"
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 md:hidden"
          aria-haspopup="dialog"
          aria-expanded={isMenuOpen}
          onClick={() => setMenuOpen(true)}
        >
          Menu
        </button>
      </div>
      <MobileMenu isOpen={isMenuOpen} onClose={closeMenu} />
    </header>
  );
}
