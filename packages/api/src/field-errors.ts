import { errorBody } from './errors';

function firstMessage(value: unknown): string | null {
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    return typeof first === 'string' ? first : null;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'non_field_errors' in value) {
    return firstMessage(value.non_field_errors);
  }
  return null;
}

/**
 * On a failed submit whose body is keyed by field name, each field of the form gets
 * a manual error: the first message of its `non_field_errors` list or of its own list.
 * Answers the fields that got one.
 */
export function applyFieldErrors(
  error: unknown,
  setFieldError: (field: string, message: string) => void,
  fields: readonly string[],
): string[] {
  const body = errorBody(error);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const record = body as Record<string, unknown>;
  const applied: string[] = [];
  for (const field of fields) {
    if (!(field in record)) continue;
    const message = firstMessage(record[field]);
    if (message) {
      setFieldError(field, message);
      applied.push(field);
    }
  }
  return applied;
}
