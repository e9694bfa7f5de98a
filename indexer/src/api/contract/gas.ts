// The gas tracker's contract (common/gas-tracker.ts holds its constants and the types the site reads).
import * as z from 'zod';
import { FEE_WINDOW, GAS_LEVELS, HOURS, TOP_CONSUMERS, TRANSFER_GAS } from '../../../../common/gas-tracker.ts';
import { address, dec, int } from './fields.ts';
import { defineRoute } from './route.ts';

const level = z.object({
  priorityFee: dec.meta({ description: 'the mean priority fee at the level’s percentile over the window’s blocks that held transactions (wei)' }),
  price: dec.meta({ description: "the next block's base fee + priorityFee (wei)" }),
  transferFee: dec.meta({ description: `price × ${TRANSFER_GAS} (wei)` }),
  waitSeconds: int.nullable().meta({ description: 'seconds until a transaction at this price is likely mined; null when unknown' }),
});

/** GET /stats/gas. */
export const gasTrackerRoute = defineRoute({
  method: 'GET',
  path: '/stats/gas',
  summary:
    `Gas tracker: ${GAS_LEVELS.map((l) => l.label).join(' / ')} levels (the next block's base fee plus the mean ${GAS_LEVELS.map((l) => `${l.percentile}th`).join(', ')} percentile priority fee of the blocks of the node's eth_feeHistory over ${FEE_WINDOW} blocks that held transactions), each with its transfer fee (× ${TRANSFER_GAS}) and wait estimate; the window's blocks and mean block time; ` +
    `from the indexed transactions of the last ${HOURS} hours (by block time, up to the indexed head), the hourly effective gas price and the ${TOP_CONSUMERS} contracts that used the most gas as \`to\`. Read once per indexed head. 502 when the node cannot be read`,
  answer: z.object({
    lastBlock: int,
    baseFee: dec.meta({ description: "the next block's base fee (wei)" }),
    levels: z.object({ slow: level, standard: level, fast: level }),
    blocks: z.array(z.object({ number: int, baseFee: dec, gasUsedRatio: z.number() })),
    blockTime: z.number().nullable().meta({ description: "mean seconds between the window's blocks; null with fewer than two" }),
    hourly: z.array(
      z.object({
        hour: int.meta({ description: 'the hour’s start, Unix seconds' }),
        average: dec.nullable(),
        min: dec.nullable(),
        max: dec.nullable(),
        transactions: int,
      }),
    ),
    topConsumers: z.array(
      z.object({
        address,
        gasUsed: dec,
        fees: dec.meta({ description: 'fees paid by those transactions (wei)' }),
        transactions: int,
        share: z.number().meta({ description: "share of the hours' gas, 0 to 1" }),
        name: z.string().nullable().meta({ description: "the verified contract's name, or the token's" }),
      }),
    ),
    indexedBlock: int.nullable(),
  }),
  errors: [502],
});

/** The gas tracker route. */
export const gasContracts = [gasTrackerRoute];
