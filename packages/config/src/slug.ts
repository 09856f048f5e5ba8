/** The lowercased name slug: 'Joe's Shoes & Co.' -> 'joes-shoes-co'. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The store slug the merchant site sends: name slug plus the brand's fixed suffix. */
export function storeSlug(name: string, suffix: string): string {
  const base = slugify(name);
  return base ? `${base}${suffix}` : '';
}

/** A website URL with a domain shape and no scheme gets http:// prepended. */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  if (/^[\w-]+(\.[\w-]+)+(:\d+)?(\/.*)?$/i.test(trimmed)) return `http://${trimmed}`;
  return trimmed;
}
