import { describe, expect, it } from 'vitest';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  messageToShow,
  failureStatus,
  httpError,
  httpErrorMessage,
  isApiError,
  isNotFound,
  isTimeout,
  networkError,
  setupError,
  timeoutError,
} from '../../src/lib/indexer-api/errors.ts';

describe('HTTP status messages', () => {
  it.each([
    [400, 'Bad request: The server could not understand the request'],
    [401, 'Unauthorized: Authentication is required'],
    [403, 'Forbidden: You do not have permission to access this resource'],
    [404, 'Not found: The requested resource does not exist'],
    [429, 'Too many requests: Rate limit exceeded'],
    [500, 'Server error: The server encountered an internal error'],
    [502, 'Bad gateway: The server received an invalid response'],
    [503, 'Service unavailable: The server is temporarily unavailable'],
    [504, 'Gateway timeout: The server timed out waiting for a response'],
  ])('%i → %s', (status, message) => {
    expect(httpErrorMessage(status, 'ignored')).toBe(message);
    const error = httpError('http://x/y', status, 'ignored', { error: 'from server' });
    expect(error.message).toBe(message);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(status);
    expect(error.serverMessage).toBe('from server');
  });

  it.each([
    [418, "I'm a teapot", "Error 418: I'm a teapot"],
    [507, 'Insufficient Storage', 'Error 507: Insufficient Storage'],
    [301, '', 'Error 301: '],
  ])('other status %i → %s', (status, statusText, message) => {
    expect(httpErrorMessage(status, statusText)).toBe(message);
  });
});

describe('other error kinds', () => {
  it('no response', () => {
    const error = networkError('http://x', new TypeError('fetch failed'));
    expect(error.message).toBe('Network error: No response received from server');
    expect(error.kind).toBe('network');
    expect(error.status).toBeNull();
  });

  it('time-out is reported as no response, kind timeout', () => {
    const error = timeoutError('http://x', 10);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.kind).toBe('timeout');
    expect(isTimeout(error)).toBe(true);
  });

  it('request set-up failure', () => {
    const error = setupError('http://x', new TypeError('Invalid URL'));
    expect(error.message).toBe('Request error: Invalid URL');
    expect(error.kind).toBe('setup');
    expect(setupError('u', 'plain').message).toBe('Request error: plain');
  });
});

describe('predicates', () => {
  it('isNotFound is true only for HTTP 404', () => {
    expect(isNotFound(httpError('u', 404, 'Not Found'))).toBe(true);
    expect(isNotFound(httpError('u', 500, 'x'))).toBe(false);
    expect(isNotFound(networkError('u'))).toBe(false);
    expect(isNotFound(new Error('404'))).toBe(false);
  });

  it('isApiError and messageToShow', () => {
    const error = httpError('u', 503, 'x');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(messageToShow(error)).toBe('Service unavailable: The server is temporarily unavailable');
    expect(messageToShow('string')).toBe('Unknown error');
  });

  it('serverMessage reads {message} too and ignores non-objects', () => {
    expect(httpError('u', 400, 'x', { message: 'bad' }).serverMessage).toBe('bad');
    expect(httpError('u', 404, 'x', '<html>').serverMessage).toBeNull();
  });
});

describe('failureStatus: what a page answers when its indexer read failed', () => {
  it.each<[string, unknown, number]>([
    ['no answer', networkError('u'), 503],
    ['a time-out (the indexer was too slow)', timeoutError('u', 15_000), 504],
    ['a gateway time-out behind the indexer', httpError('u', 504, 'Gateway Timeout'), 504],
    ['the indexer says it is unavailable', httpError('u', 503, 'Service Unavailable'), 503],
    ['the indexer fails', httpError('u', 500, 'Internal Server Error'), 502],
    ['a bad gateway behind the indexer', httpError('u', 502, 'Bad Gateway'), 502],
    ['the indexer finds the request malformed', httpError('u', 400, 'Bad Request'), 400],
    ['an unprocessable request', httpError('u', 422, 'Unprocessable Entity'), 422],
    ['a URI too long', httpError('u', 414, 'URI Too Long'), 414],
    ['a body too large', httpError('u', 413, 'Payload Too Large'), 413],
    ['the indexer rate limits', httpError('u', 429, 'Too Many Requests'), 429],
    // The site's own credentials or routes are wrong: the server's fault, not the visitor's.
    ['the indexer refuses the site (401)', httpError('u', 401, 'Unauthorized'), 502],
    ['the indexer refuses the site (403)', httpError('u', 403, 'Forbidden'), 502],
    ['a method the indexer does not allow', httpError('u', 405, 'Method Not Allowed'), 502],
    ['anything thrown that is not an indexer error', new Error('boom'), 502],
  ])('%s → %i', (_name, error, status) => {
    expect(failureStatus(error)).toBe(status);
  });
});
