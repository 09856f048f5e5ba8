import { useBrand } from '../../../lib/brand-context';

/** Copyright with the current year, and the brand's terms and privacy policy (each in a new tab). */
export function Footer() {
  const { config } = useBrand();
  const links = [
    { label: 'Terms', href: config.termsUrl },
    { label: 'Privacy policy', href: config.privacyPolicyUrl },
  ].filter((link): link is { label: string; href: string } => Boolean(link.href));
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm text-slate-700">
        <p>
          © {new Date().getFullYear()} {config.siteName}. All rights reserved.
        </p>
        {links.length > 0 && (
          <ul className="flex gap-4">
            {links.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline hover:no-underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </footer>
  );
}
