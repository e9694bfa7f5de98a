// The typed errors of the indexer client and the spec's status-to-message mapping.
import { errorMessage } from '../../../common/errors.ts';

/** What went wrong: an HTTP error status, no response, a time-out, or a request that could not be set up. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'setup';

/** Messages by HTTP status, in the spec's words. */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad request: The server could not understand the request',
  401: 'Unauthorized: Authentication is required',
  403: 'Forbidden: You do not have permission to access this resource',
  404: 'Not found: The requested resource does not exist',
  429: 'Too many requests: Rate limit exceeded',
  500: 'Server error: The server encountered an internal error',
  502: 'Bad gateway: The server received an invalid response',
  503: 'Service unavailable: The server is temporarily unavailable',
  504: 'Gateway timeout: The server timed out waiting for a response',
};

/** Message when no response arrived (also used for time-outs, as the original client reported them). */
export const NETWORK_ERROR_MESSAGE = 'Network error: No response received from server';

/** The NFT list's own time-out message. */
export const REQUEST_TIMEOUT_MESSAGE = 'Request timeout';

/** The message for an HTTP error status: the table's text, else 'Error {status}: {statusText}'. */
export function httpErrorMessage(status: number, statusText: string): string {
  return HTTP_STATUS_MESSAGES[status] ?? `Error ${status}: ${statusText}`;
}

/** The message for a request that could not be set up. */
function setupErrorMessage(message: string): string {
  return `Request error: ${message}`;
}

interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  url: string;
  status?: number | null;
  statusText?: string;
  serverMessage?: string | null;
  body?: unknown;
  cause?: unknown;
}

/** An indexer request failure; `message` is the spec's text, `serverMessage` the body's error field when present. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly url: string;
  /** HTTP status for kind 'http', else null. */
  readonly status: number | null;
  readonly statusText: string;
  /** The `error` or `message` field of the response body, when it had one. */
  readonly serverMessage: string | null;
  /** The parsed response body (JSON value or text), for callers that show server logs. */
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.url = init.url;
    this.status = init.status ?? null;
    this.statusText = init.statusText ?? '';
    this.serverMessage = init.serverMessage ?? null;
    this.body = init.body;
  }
}

/** The error field of a response body ({error} or {message}); null when it has none. */
export function serverMessageOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const value = record['error'] ?? record['message'];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** An error for an HTTP error response. */
export function httpError(url: string, status: number, statusText: string, body?: unknown): ApiError {
  return new ApiError({
    kind: 'http',
    message: httpErrorMessage(status, statusText),
    url,
    status,
    statusText,
    serverMessage: serverMessageOf(body),
    body,
  });
}

/** An error for a request that got no response. */
export function networkError(url: string, cause?: unknown): ApiError {
  return new ApiError({ kind: 'network', message: NETWORK_ERROR_MESSAGE, url, cause });
}

/** An error for a request that ran out of time (reported with the no-response message). */
export function timeoutError(url: string, timeoutMs: number): ApiError {
  return new ApiError({ kind: 'timeout', message: NETWORK_ERROR_MESSAGE, url, cause: new Error(`Timed out after ${timeoutMs} ms`) });
}

/** An error for a request that could not be built or sent. */
export function setupError(url: string, cause: unknown): ApiError {
  const message = errorMessage(cause);
  return new ApiError({ kind: 'setup', message: setupErrorMessage(message), url, cause });
}

/** Whether a value is an ApiError. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether an error is an HTTP 404. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 404;
}

/** Whether an error is a time-out. */
export function isTimeout(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'timeout';
}

/**
 * The message to show a visitor for any thrown value: an ApiError's text, an Error's message, else 'Unknown error'
 * (for logs, common/errors.ts errorMessage writes any thrown value as text instead).
 */
export function messageToShow(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Unknown error';
}

/**
 * Statuses of the indexer that are the visitor's to see: it found the request malformed (400, 413, 414, 422) or is
 * rate limiting (429). A page answers them as they are, with the spec's message, instead of a 502.
 */
const PASSED_ON = new Set([400, 413, 414, 422, 429]);

/** Status a page answers when its indexer read failed. */
export type FailureStatus = 400 | 413 | 414 | 422 | 429 | 502 | 503 | 504;

/**
 * The page's status for a failed indexer read: 504 when the indexer did not answer within the time-out,
 * 503 when it could not be reached or says it is unavailable, the indexer's own status when it rejected the request
 * as malformed or rate limited it, else 502.
 */
export function failureStatus(error: unknown): FailureStatus {
  if (!isApiError(error)) return 502;
  if (error.kind === 'timeout' || error.status === 504) return 504;
  if (error.kind === 'network' || error.status === 503) return 503;
  if (error.kind === 'http' && error.status !== null && PASSED_ON.has(error.status)) return error.status as FailureStatus;
  return 502;
}

/** What a page says for a failed read: the spec's message for a status the visitor caused (4xx), else its own text. */
export function failureMessage(status: FailureStatus, pageText: string): string {
  return status < 500 ? httpErrorMessage(status, '') : pageText;
}
