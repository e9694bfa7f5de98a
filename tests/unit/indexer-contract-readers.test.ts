// readQuery and readParams (indexer/src/api/contract/route.ts) read a request by its fields' own readers instead of
// zod's object parse: for every route's contract, on values good and bad, they give what the schema's parse gives,
// the parsed object or the first problem's message as a 400.
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { ROUTE_CONTRACTS } from '../../indexer/src/api/contract/index.ts';
import { readParam, readParams, readQuery } from '../../indexer/src/api/contract/route.ts';
import { HttpError } from '../../indexer/src/http/router.ts';

/** Values a field may be given: absent, empty, numbers in and out of range, flags, addresses, hashes, junk. */
const VALUES: readonly (string | undefined)[] = [
  undefined,
  '',
  '0',
  '1',
  '-1',
  '25',
  '1.5',
  '99999999999999999999',
  'true',
  'false',
  'asc',
  'DESC',
  'ERC20',
  'abc',
  `0x${'ab'.repeat(20)}`,
  `0x${'AB'.repeat(20)}`,
  `0x${'cd'.repeat(32)}`,
  '0x123',
  '<x>',
];

type Outcome = { ok: unknown } | { status: number; message: string };

function outcome(run: () => unknown): Outcome {
  try {
    return { ok: run() };
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, message: err.message };
    throw err;
  }
}

/** What zod's parse of the object gives, as readQuery and readParams answered before they read fields themselves. */
function byZod(schema: z.ZodType, value: unknown): Outcome {
  const result = schema.safeParse(value);
  return result.success ? { ok: result.data } : { status: 400, message: result.error.issues[0]?.message ?? 'Invalid request' };
}

/** Every field absent, then each field alone with each value, then every field with the same value. */
function inputs(names: readonly string[]): Record<string, string>[] {
  const out: Record<string, string>[] = [{}];
  for (const value of VALUES) {
    if (value === undefined) continue;
    for (const name of names) out.push({ [name]: value });
    out.push(Object.fromEntries(names.map((name) => [name, value])));
  }
  return out;
}

describe('request fields read by their readers equal zod’s parse', () => {
  const withQuery = ROUTE_CONTRACTS.filter((c) => c.query !== undefined);
  const withParams = ROUTE_CONTRACTS.filter((c) => c.params !== undefined);

  it('covers the routes that read a query or path parameters', () => {
    expect(withQuery.length).toBeGreaterThan(20);
    expect(withParams.length).toBeGreaterThan(20);
  });

  it.each(withQuery.map((c) => [`${c.method} ${c.path}`, c] as const))('%s: its query', (_name, contract) => {
    const query = contract.query as z.ZodObject;
    for (const input of inputs(Object.keys(query.shape))) {
      const got = outcome(() => readQuery({ ...contract, query }, new URLSearchParams(input)));
      expect(got, JSON.stringify(input)).toEqual(byZod(query, input));
    }
  });

  it.each(withParams.map((c) => [`${c.method} ${c.path}`, c] as const))('%s: its path parameters, together and one by one', (_name, contract) => {
    const params = contract.params as z.ZodObject;
    for (const input of inputs(Object.keys(params.shape))) {
      expect(outcome(() => readParams({ ...contract, params }, input)), JSON.stringify(input)).toEqual(byZod(params, input));
      for (const name of Object.keys(params.shape)) {
        expect(outcome(() => readParam({ ...contract, params }, name, input)), `${name} of ${JSON.stringify(input)}`).toEqual(byZod(params.shape[name] as z.ZodType, input[name]));
      }
    }
  });
});

describe("a contract's events: the block bounds", () => {
  const route = ROUTE_CONTRACTS.find((c) => c.path === '/contracts/{address}/events' && c.method === 'GET');
  const read = (query: string): Outcome => outcome(() => readQuery(route as typeof route & { query: z.ZodObject }, new URLSearchParams(query)));

  it('takes every block whose row ids are safe integers, and names the largest as a whole number when refusing', () => {
    expect(route?.query).toBeDefined();
    expect(read('toBlock=9007199253')).toMatchObject({ ok: { toBlock: 9007199253 } });
    expect(read('toBlock=9007199254')).toEqual({ status: 400, message: 'Invalid toBlock: must be between 0 and 9007199253' });
    expect(read('fromBlock=-1')).toEqual({ status: 400, message: 'Invalid fromBlock: must be between 0 and 9007199253' });
  });
});
