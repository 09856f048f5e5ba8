import { createContext, useContext } from 'react';
import type { ComponentType, ReactNode } from 'react';

/** What the shell and the landing page pass to a link: a path inside the app and its look. */
export type AppLinkProps = {
  to: string;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
  'aria-label'?: string;
  'aria-describedby'?: string;
};

/** A navigation link, styled by whether its path is the current one. */
export type AppNavLinkProps = Omit<AppLinkProps, 'className'> & {
  className?: string | ((state: { isActive: boolean }) => string);
  end?: boolean;
};

export type Links = { Link: ComponentType<AppLinkProps>; NavLink: ComponentType<AppNavLinkProps> };

function PlainLink({ to, ...props }: AppLinkProps) {
  return <a href={to} {...props} />;
}

/** The landing tree renders only on /, where none of its navigation links is the current page. */
function PlainNavLink({ to, className, end: _end, ...props }: AppNavLinkProps) {
  return (
    <a
      href={to}
      className={typeof className === 'function' ? className({ isActive: false }) : className}
      {...props}
    />
  );
}

/**
 * The link components of the shell and the landing page. Without a router (the
 * landing page as prerendered and hydrated on /) they are plain anchors, and a
 * click loads the app at that address; the app provides its router's links.
 */
const LinksContext = createContext<Links>({ Link: PlainLink, NavLink: PlainNavLink });

export const LinksProvider = LinksContext.Provider;

export function useLinks(): Links {
  return useContext(LinksContext);
}
