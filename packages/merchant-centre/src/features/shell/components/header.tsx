import { HeaderBar } from './header-bar';
import { NavLinks } from './nav-links';

/** The app's header: its links follow the session. */
export function Header() {
  return <HeaderBar links={NavLinks} />;
}
