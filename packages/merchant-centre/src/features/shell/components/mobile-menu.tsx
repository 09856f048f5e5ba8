import { MenuDialog } from './menu-dialog';
import { NavLinks } from './nav-links';

/** The app's menu on small screens, with the links of the session. */
export function MobileMenu({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return <MenuDialog isOpen={isOpen} onClose={onClose} links={NavLinks} />;
}
