import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The two lists of SPEC section 8: 400s are notifications, everything else errors. */
export type NoticeList = 'notification' | 'error';

/** Error or notification item (SPEC section 3). */
export type NoticeItem = {
  id: string;
  status: number | null;
  statusText: string;
  message: string;
  url: string;
  body: unknown;
  displayed: boolean;
  timeless: boolean;
  list: NoticeList;
  /** The failed call's request id, so the screen that made the call can find its item. */
  requestId: string | null;
};

export const STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export const GENERIC_ERROR = 'Generic Error';
export const REQUEST_ABORTED = 'Request aborted';

/** 'Internal Server Error', or 'Server Error' for the calls that name it so. */
export function statusText(
  status: number | null,
  options: { serverErrorText?: string } = {},
): string {
  if (status === null) return GENERIC_ERROR;
  if (status === 500 && options.serverErrorText) return options.serverErrorText;
  return STATUS_TEXTS[status] ?? GENERIC_ERROR;
}

function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

function isAbort(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const text = 'error' in error ? String(error.error) : 'name' in error ? String(error.name) : '';
  const name = 'name' in error ? String(error.name) : '';
  return name === 'AbortError' || text.includes('AbortError') || text.includes('aborted');
}

function bodyMessage(body: unknown): string | null {
  if (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string'
  ) {
    return body.message;
  }
  return null;
}

/** The HTTP status of a failed call, or null when none came back. */
export function errorStatus(error: unknown): number | null {
  if (!isFetchBaseQueryError(error)) return null;
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return null;
}

/** The response body of a failed call, when it had one. */
export function errorBody(error: unknown): unknown {
  return isFetchBaseQueryError(error) && 'data' in error ? error.data : undefined;
}

let sequence = 0;

/**
 * SPEC section 8 in one place: the status text, the message (the body's `message`
 * when present), and which list the item belongs to.
 */
export function toNoticeItem(
  error: unknown,
  options: { url?: string; timeless?: boolean; serverErrorText?: string; requestId?: string } = {},
): NoticeItem {
  sequence += 1;
  const status = errorStatus(error);
  const aborted = status === null && isAbort(error);
  const text = aborted ? REQUEST_ABORTED : statusText(status, options);
  const body = errorBody(error);
  return {
    id: `notice-${sequence}`,
    status,
    statusText: text,
    message: bodyMessage(body) ?? text,
    url: options.url ?? '',
    body,
    displayed: false,
    timeless: options.timeless ?? false,
    list: status === 400 ? 'notification' : 'error',
    requestId: options.requestId ?? null,
  };
}

/** The message to show for a failed call: the body's message or the status text. */
export function errorMessage(error: unknown): string {
  return toNoticeItem(error).message;
}
