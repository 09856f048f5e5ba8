import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@cc/contract';
import { NotFound, ValidationFailed } from '../errors';

/** Whether a parsed value holds U+0000 in any string, key or element, however deep. */
function holdsNull(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNull);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNull(inner));
  }
  return false;
}

/** The top-level fields of a query or body that hold U+0000, as DRF-style errors. */
function nullFields(value: unknown): Record<string, string[]> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return holdsNull(value) ? { non_field_errors: [MESSAGES.nullCharacter] } : {};
  }
  const fields: Record<string, string[]> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNull(inner))
      fields[key.includes('\u0000') ? 'non_field_errors' : key] = [MESSAGES.nullCharacter];
  }
  return fields;
}

/**
 * PostgreSQL text cannot hold U+0000 (`invalid byte sequence for encoding "UTF8": 0x00`), so
 * every string of every route is checked before its handler can query: a path holding one
 * names nothing that exists (404), a query or body field holding one is a field error (400).
 */
export function registerNullCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNull(request.params)) throw new NotFound(MESSAGES.notFound);
    const fields = { ...nullFields(request.query), ...nullFields(request.body) };
    if (Object.keys(fields).length > 0) throw new ValidationFailed(fields);
  });
}
