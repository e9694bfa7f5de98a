// The contract of GET /changes: which addresses the blocks after the reader's last one changed.
import * as z from 'zod';
import { address, blockNumberQuery, int } from './fields.ts';
import { defineRoute } from './route.ts';

/**
 * Blocks one answer of GET /changes covers at most: a reader further behind is told the list is not complete (it then
 * takes everything as changed, as after a restart), so an answer stays a few small range reads.
 */
export const MAX_CHANGE_BLOCKS = 256;

/** GET /changes. */
export const changesRoute = defineRoute({
  method: 'GET',
  path: '/changes',
  summary: `Addresses whose indexed data changed in blocks since+1 … head (miners, senders, recipients, created contracts, tokens and parties of transfers, log emitters), each once; complete is false when since is more than ${MAX_CHANGE_BLOCKS} blocks behind, ahead of the head, or a rollback came meanwhile`,
  query: z.object({ since: blockNumberQuery('Invalid since: must be a block number', 'the last block the reader knows the changes of') }),
  answer: z.object({
    head: int.nullable().meta({ description: 'the last indexed block the addresses are listed up to' }),
    reorgs: int,
    complete: z.boolean(),
    addresses: z.array(address),
  }),
});

/** The changes route. */
export const changeContracts = [changesRoute];
