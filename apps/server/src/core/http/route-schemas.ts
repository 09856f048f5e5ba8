import { Type } from 'typebox';
import type { MessageBody, ValidationErrorBody } from '@cc/contract';

/** Error bodies, registered once with app.addSchema and referenced by every route. */
export const ValidationErrorRef = Type.Unsafe<ValidationErrorBody>({ $ref: 'ValidationError#' });
export const MessageErrorRef = Type.Unsafe<MessageBody>({ $ref: 'MessageError#' });

type ErrorCode = 400 | 401 | 403 | 404 | 409 | 413 | 429;

export function errorResponses<const C extends ErrorCode>(...codes: C[]) {
  return Object.fromEntries(
    codes.map((code) => [code, code === 400 ? ValidationErrorRef : MessageErrorRef]),
  ) as {
    [K in C]: K extends 400 ? typeof ValidationErrorRef : typeof MessageErrorRef;
  };
}

export const bearer = [{ bearerAuth: [] }];
