import * as z from 'zod';

// The body of POST /contracts/{address}/interact: which function to call, with what, at which block. The fields are
// listed in the order the route has always checked them, so the first problem reported stays the same.

/** Block tags a call may name: the node's words, or a block number in hex or decimal. */
const BLOCK_TAG = /^(latest|pending|earliest|safe|finalized|0x[0-9a-f]{1,16}|\d{1,16})$/i;

/** A block tag as the node takes it; null when the value is not one. */
function blockTag(tag: unknown): string | null {
  if (tag === undefined || tag === null) return 'latest';
  if (typeof tag === 'number') return Number.isSafeInteger(tag) && tag >= 0 ? `0x${tag.toString(16)}` : null;
  if (typeof tag !== 'string' || !BLOCK_TAG.test(tag)) return null;
  return /^\d+$/.test(tag) ? `0x${Number(tag).toString(16)}` : tag.toLowerCase();
}

/** The value sent with the call, as text of wei ('0' when left out); unreadable values become text the check refuses. */
function weiText(value: unknown): string {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return value === undefined || value === null || value === '' ? '0' : 'x';
}

export const InteractRequest = z.preprocess(
  // The function may be named `method` (ours) or `functionName` (the upstream indexer's).
  (body) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
    const b = body as Record<string, unknown>;
    return { ...b, method: typeof b['method'] === 'string' ? b['method'] : typeof b['functionName'] === 'string' ? b['functionName'] : '' };
  },
  z.object(
    {
      method: z
        .string()
        .refine((m) => m.trim() !== '', 'Function name is missing')
        .meta({ description: "the function's name or signature (the upstream indexer's functionName is read too)" }),
      params: z
        .array(z.unknown(), { error: 'params must be an array of the arguments in order' })
        .nullish()
        .transform((p) => p ?? []),
      // The prefaults are what an absent field reads as anyway: they only make the documented body say it is optional.
      value: z
        .preprocess(weiText, z.string().regex(/^\d{1,78}$/, 'value must be a whole number of wei'))
        .prefault('0')
        .transform((v) => BigInt(v))
        .meta({ description: 'wei sent with the call, as a decimal' }),
      blockTag: z.preprocess(blockTag, z.string({ error: 'blockTag must be a block number or latest' })).prefault('latest'),
      // "Read/Write as Proxy": the implementation's verified ABI, called on the proxy's own address and storage.
      asProxy: z.preprocess((v) => v === true || v === 'true', z.boolean()).prefault(false),
    },
    { error: 'Request body must be a JSON object' },
  ),
);

/** A checked interaction request. */
export type InteractRequest = z.output<typeof InteractRequest>;
