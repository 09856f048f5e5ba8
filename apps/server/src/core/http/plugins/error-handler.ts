import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES } from '@cc/contract';
import { DomainError, ValidationFailed } from '../errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable';
import { drfErrors } from './validation';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

/**
 * The one error handler: DRF-style 400 bodies, `{message, detail}` otherwise, 5xx without
 * internals; a database that cannot be reached is a 503 with Retry-After, never a 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ValidationFailed) return reply.status(400).send(error.fields);
    if (error instanceof DomainError) {
      return reply.status(error.statusCode).send({ message: error.message, detail: error.message });
    }
    if (error.validation) {
      if (error.validationContext === 'params') {
        return reply.status(404).send({ message: MESSAGES.notFound, detail: MESSAGES.notFound });
      }
      return reply.status(400).send(drfErrors(error.validation as ErrorObject[]));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ message: MESSAGES.tooManyRequests, detail: MESSAGES.tooManyRequests });
    }
    if (status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ non_field_errors: ['JSON parse error'] });
    }
    if (status >= 400 && status < 500) {
      const message = STATUS_TEXT[status] ?? 'Bad Request';
      return reply.status(status).send({ message, detail: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      // Proxies and clients retry a 503 with Retry-After; the app shows '503 Service Unavailable'.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: 'Service Unavailable', detail: 'Service Unavailable' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: MESSAGES.serverError, detail: MESSAGES.serverError });
  });
}
