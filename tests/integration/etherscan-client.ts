import { expect } from 'vitest';

// What the Etherscan-compatible API's tests share: the envelope, its refusal, and a GET of /api that every answer must
// pass (HTTP 200 JSON, as Etherscan's, errors included).

/** The Etherscan envelope. */
export interface Envelope<R = unknown> {
  status: string;
  message: string;
  result: R;
}

/** A refusal as Etherscan words it. */
export const notOk = (result: string): Envelope<string> => ({ status: '0', message: 'NOTOK', result });

/** GET {base}/api with these parameters: HTTP 200 JSON always; the parsed body. */
export async function etherscanGet<T>(base: string, params: Record<string, string>): Promise<T> {
  const res = await fetch(`${base}/api?${new URLSearchParams(params).toString()}`);
  const text = await res.text();
  expect(res.status, text.slice(0, 200)).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return JSON.parse(text) as T;
}
