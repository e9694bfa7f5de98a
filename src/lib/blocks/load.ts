import { createIndexerClient, type FetchLike, type IndexerClient } from '../indexer-api/client.ts';
import { messageToShow, failureStatus, isApiError, type FailureStatus } from '../indexer-api/errors.ts';
import type { Block } from '../model/types.ts';
import { parseBlockParam, type BlockParam } from './params.ts';
import { withReceiptFigures } from './receipts.ts';

/** Everything the block detail page can end up showing. */
export type BlockOutcome =
  | { kind: 'found'; block: Block }
  | { kind: 'invalid' }
  | { kind: 'not-found' }
  | { kind: 'empty' }
  | { kind: 'failed'; message: string; status: FailureStatus };

/** HTTP status of each outcome: 400 invalid input, 404 unknown block, 502/503/504 when the indexer fails, cannot be reached, is too slow or answers nothing usable. */
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


/**
 * Loads the block a parsed /blocks/{n} segment names; 404 is 'not found', an empty or unreadable 2xx body 'empty'.
 * With getReceipt, what the indexer left out (gas used per transaction, the reward) is read from the receipts.
 */
export async function loadBlockParam(
  client: Pick<IndexerClient, 'lookupBlock' | 'lookupBlockByHash'> & Partial<Pick<IndexerClient, 'getReceipt'>>,
  param: BlockParam,
): Promise<BlockOutcome> {
  if (param.kind === 'invalid') return { kind: 'invalid' };
  try {
    const found = param.kind === 'number' ? await client.lookupBlock(param.number) : await client.lookupBlockByHash(param.hash);
    if (found.kind === 'found') return { kind: 'found', block: client.getReceipt ? await withReceiptFigures({ getReceipt: client.getReceipt }, found.value) : found.value };
    return found.kind === 'not-found' ? { kind: 'not-found' } : { kind: 'empty' };
  } catch (error) {
    // The indexer rejecting a hash we let through is still the visitor's bad input.
    if (isApiError(error) && error.status === 400) return { kind: 'invalid' };
    return { kind: 'failed', message: messageToShow(error), status: failureStatus(error) };
  }
}

/** Loads the block a raw /blocks/{n} segment names (number or hash) from the indexer at `baseUrl`. */
export function loadBlock(baseUrl: string, raw: string | undefined, fetchImpl?: FetchLike): Promise<BlockOutcome> {
  return loadBlockParam(createIndexerClient(baseUrl, fetchImpl ? { fetch: fetchImpl } : {}), parseBlockParam(raw));
}
