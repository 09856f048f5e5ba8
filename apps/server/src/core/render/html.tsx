import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * Server-rendered HTML goes through React: every text and attribute value is escaped
 * when written, so no page or mail builds markup from strings. The only markup written
 * as is comes from this file (JSON-LD, below) and from our own stylesheets (`<style>`
 * children, which React writes unescaped and which never hold user text).
 */

/** A whole document (an `<html>` element) with its doctype. */
export function renderPage(document: ReactElement): string {
  return `<!doctype html>\n${renderToStaticMarkup(document)}`;
}

/** A fragment of HTML (no doctype), e.g. a snippet a partner embeds in its own page. */
export function renderFragment(element: ReactElement): string {
  return renderToStaticMarkup(element);
}

/** JSON inside a <script> element: nothing in it can close the element or start markup. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Structured data (schema.org) for search engines: data, not a script the browser runs
 * (the Content-Security-Policy allows no inline script). The one raw insertion: the JSON
 * is written through scriptJson, so no value can end the element.
 */
export function JsonLd({ value }: { value: unknown }): ReactElement {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(value) }} />
  );
}

/** An http(s) address or a same-origin path, else undefined (no javascript: or data: links). */
export function safeUrl(value: string | null | undefined): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:'
      ? parsed.toString()
      : undefined;
  } catch {
    return undefined;
  }
}
