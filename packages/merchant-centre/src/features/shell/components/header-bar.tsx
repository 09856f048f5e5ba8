import { useCallback, useState } from 'react';
import { cx } from '../../../lib/class-names';
import { useBrand } from '../../../lib/brand-context';
import { useLinks } from '../../../lib/links';
import { MenuDialog } from './menu-dialog';
import type { HeaderLinks } from './visitor-links';

/**
 * Logo, the nav for wide screens and the menu button that opens the mobile dialog,
 * with the links it is given: the app's (by session) or, on the landing page, a visitor's.
 */
export function HeaderBar({ links: Links }: { links: HeaderLinks }) {
  const { config, assets } = useBrand();
  const { Link } = useLinks();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  return (
    <header className={cx('border-b border-slate-200', config.theme.bgColor)}>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="inline-flex items-center" aria-label={`${config.appName} home`}>
          {/* The largest paint of the screens that open on a form or a chart (My Store, its preview,
              Insights) while their data loads; a small file, so it goes first on the others too. */}
          <img
            src={assets.logoUrl}
            alt={config.appName}
            width={160}
            height={40}
            fetchPriority="high"
            className="h-10 w-auto"
          />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <Links layout="bar" />
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
      <MenuDialog isOpen={isMenuOpen} onClose={closeMenu} links={Links} />
    </header>
  );
}
