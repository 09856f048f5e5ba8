import { Link, NavLink } from 'react-router';
import type { Links } from './links';

/** Inside the app (and its stories), the shell's and the landing page's links are the router's. */
export const ROUTER_LINKS: Links = { Link, NavLink };
