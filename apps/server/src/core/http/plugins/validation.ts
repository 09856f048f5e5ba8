import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { MESSAGES } from '@cc/contract';

// ajv-formats ships CommonJS; its default export is the function under either name.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    removeAdditional: true,
    useDefaults: true,
    coerceTypes: coerce ? 'array' : false,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

// Bodies are JSON and validated as sent (coercion would turn a null into 0 or "");
// query strings and path parameters are text and are coerced.
const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);

const TYPE_MESSAGES: Record<string, string> = {
  integer: 'A valid integer is required.',
  number: MESSAGES.invalidNumber,
  boolean: 'Must be a valid boolean.',
  string: 'Not a valid string.',
  array: 'Expected a list of items.',
  object: 'Invalid data. Expected a dictionary.',
};

function messageFor(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return MESSAGES.required;
    case 'type':
      return TYPE_MESSAGES[String(params.type).split(',')[0] ?? ''] ?? 'Invalid value.';
    case 'maxLength':
      return `Ensure this field has no more than ${String(params.limit)} characters.`;
    case 'minLength':
      return `Ensure this field has at least ${String(params.limit)} characters.`;
    case 'maxItems':
      return `Ensure this field has no more than ${String(params.limit)} elements.`;
    case 'minimum':
      return `Ensure this value is greater than or equal to ${String(params.limit)}.`;
    case 'maximum':
      return `Ensure this value is less than or equal to ${String(params.limit)}.`;
    case 'format':
      if (params.format === 'email') return MESSAGES.invalidEmail;
      if (params.format === 'date') return MESSAGES.invalidDate;
      return 'Invalid value.';
    case 'pattern':
      return String(params.pattern) === '^\\d+$'
        ? 'A valid integer is required.'
        : 'Invalid value.';
    case 'const':
    case 'enum':
      return MESSAGES.invalidChoice;
    default:
      return 'Invalid value.';
  }
}

/** ajv errors as DRF's `{field: [messages]}`; errors on the whole body go to non_field_errors. */
export function drfErrors(errors: ErrorObject[]): Record<string, string[]> {
  const byField = new Map<string, ErrorObject[]>();
  for (const error of errors) {
    const path = error.instancePath.split('/').filter(Boolean);
    const field =
      error.keyword === 'required' && path.length === 0
        ? String((error.params as { missingProperty?: string }).missingProperty)
        : (path[0] ?? 'non_field_errors');
    byField.set(field, [...(byField.get(field) ?? []), error]);
  }
  const result: Record<string, string[]> = {};
  for (const [field, fieldErrors] of byField) {
    // A failed union reports one error per branch; say one thing about it.
    if (fieldErrors.some((e) => e.keyword === 'anyOf')) {
      const branches = fieldErrors.filter((e) => e.keyword !== 'anyOf');
      if (branches.some((e) => e.keyword === 'const')) result[field] = [MESSAGES.invalidChoice];
      else if (
        branches.some(
          (e) => e.keyword === 'type' && (e.params as { type?: string }).type === 'number',
        )
      ) {
        result[field] = [MESSAGES.invalidNumber];
      } else result[field] = [branches[0] ? messageFor(branches[0]) : 'Invalid value.'];
      continue;
    }
    result[field] = [...new Set(fieldErrors.map(messageFor))];
  }
  return result;
}
