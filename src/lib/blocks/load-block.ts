import { createIndexerClient, type FetchLike } from '../indexer-client.ts';
import { errorMessage, isApiError } from '../http-errors.ts';
import type { Block } from '../types.ts';
import { parseBlockParam } from './block-param.ts';

/** Everything the block detail page can end up showing. */
export type BlockOutcome =
  | { kind: 'found'; block: Block }
  | { kind: 'invalid' }
  | { kind: 'not-found' }
  | { kind: 'empty' }
  | { kind: 'failed'; message: string; status: 502 | 503 };

/** HTTP status of each outcome: 400 invalid input, 404 unknown block, 502/503 when the indexer fails or answers nothing usable. */
export function outcomeStatus(outcome: BlockOutcome): number {
  switch (outcome.kind) {
    case 'found':
      return 200;
    case 'invalid':
      return 400;
    case 'not-found':
      return 404;
    case 'empty':
      return 502;
    case 'failed':
      return outcome.status;
  }
}

/** 503 when the indexer is unreachable or says it is unavailable, 502 for any other failed answer. */
function failureStatus(error: unknown): 502 | 503 {
  if (!isApiError(error)) return 502;
  return error.kind === 'network' || error.kind === 'timeout' || error.status === 503 ? 503 : 502;
}

/**
 * Loads the block a /blocks/{n} segment names (number or hash). The route is validated before any call; a 404 is
 * 'not found', while a 200 whose body is null or not a block is 'empty' (the client reports both as null, so the
 * answer's status is observed through the fetch it is given).
 */
export async function loadBlock(baseUrl: string, raw: string | undefined, fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init)): Promise<BlockOutcome> {
  const param = parseBlockParam(raw);
  if (param.kind === 'invalid') return { kind: 'invalid' };
  let status = 0;
  const client = createIndexerClient(baseUrl, {
    fetch: async (input, init) => {
      const response = await fetchImpl(input, init);
      status = response.status;
      return response;
    },
  });
  try {
    const block = param.kind === 'number' ? await client.getBlock(param.number) : await client.getBlockByHash(param.hash);
    if (block !== null) return { kind: 'found', block };
    return status === 404 ? { kind: 'not-found' } : { kind: 'empty' };
  } catch (error) {
    // The indexer rejecting a hash we let through is still the visitor's bad input.
    if (isApiError(error) && error.status === 400) return { kind: 'invalid' };
    return { kind: 'failed', message: errorMessage(error), status: failureStatus(error) };
  }
}
