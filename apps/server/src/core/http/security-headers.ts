import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The Content-Security-Policy of every answer but the public store pages (page-assets.ts):
 * scripts only from files of this origin, never inline; not framed by any page. Styles may be
 * inline: the drag-and-drop list and the local checkout's brand palette write style elements.
 */
export function contentSecurityPolicy(isProduction: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(isProduction ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Helmet's options for every HTML answer (brand apps, review console, checkout, docs); the
 * store pages send their own policy. Browsers ignore HSTS over plain http, and a developer's
 * localhost must not remember it.
 */
export function securityHeaders(isProduction: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(isProduction) },
    strictTransportSecurity: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}
