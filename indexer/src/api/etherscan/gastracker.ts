import { formatUnits } from '../../../../common/units.ts';
import { hexToBigInt, hexToNumber } from '../../chain/num.ts';
import type { ApiContext } from '../context.ts';
import { notOk, ok, Refusal, type EtherscanModule, type EtherscanParams } from './core.ts';

// module=gastracker of the Etherscan-compatible API: gasoracle, gasestimate, both read from the node's fee history of
// the last 20 blocks (eth_feeHistory), so they follow the chain even while the indexer catches up.

/** Blocks the fee history covers. */
export const FEE_WINDOW = 20;

/** Reward percentiles asked of the node: safe, propose, fast. */
const PERCENTILES = [25, 50, 75] as const;

interface FeeHistory {
  oldestBlock: string;
  /** One more than the blocks: the last is the next block's base fee. */
  baseFeePerGas: string[];
  gasUsedRatio: number[];
  /** Per block, the priority fee at each percentile (absent when none were asked). */
  reward?: string[][];
}

interface Fees {
  lastBlock: number;
  oldestBlock: number;
  /** Base fee of the next block. */
  nextBaseFee: bigint;
  blocks: { baseFee: bigint; gasUsedRatio: number; rewards: bigint[] }[];
}

async function feeHistory(ctx: ApiContext): Promise<Fees> {
  const h = await ctx.rpc.call<FeeHistory>('eth_feeHistory', [`0x${FEE_WINDOW.toString(16)}`, 'latest', [...PERCENTILES]]);
  const oldestBlock = hexToNumber(h.oldestBlock);
  const blocks = h.gasUsedRatio.map((gasUsedRatio, i) => ({
    baseFee: hexToBigInt(h.baseFeePerGas[i]),
    gasUsedRatio,
    rewards: PERCENTILES.map((_, j) => hexToBigInt(h.reward?.[i]?.[j])),
  }));
  return { oldestBlock, lastBlock: oldestBlock + blocks.length - 1, nextBaseFee: hexToBigInt(h.baseFeePerGas[blocks.length]), blocks };
}

/** Wei as gwei text, exact ("13.5", "0.000000001"). */
const gwei = (wei: bigint): string => formatUnits(wei, 9);

/** The mean of a percentile's priority fee over the blocks that held transactions (0 when none did). */
function meanReward(fees: Fees, j: number): bigint {
  const busy = fees.blocks.filter((b) => b.gasUsedRatio > 0);
  if (busy.length === 0) return 0n;
  return busy.reduce((sum, b) => sum + (b.rewards[j] ?? 0n), 0n) / BigInt(busy.length);
}

/** A required gas price in wei: decimal digits only; "Error! Invalid gasprice" otherwise. */
function gasPriceParam(p: EtherscanParams): bigint {
  const raw = p.text('gasprice');
  if (!/^\d{1,30}$/.test(raw)) throw new Refusal('Error! Invalid gasprice');
  return BigInt(raw);
}

async function blockTimestamp(ctx: ApiContext, n: number): Promise<number> {
  const block = await ctx.rpc.call<{ timestamp: string } | null>('eth_getBlockByNumber', [`0x${n.toString(16)}`, false]);
  return hexToNumber(block?.timestamp);
}

/** module=gastracker. */
export const gastrackerModule: EtherscanModule = {
  actions: {
    gasoracle: {
      summary:
        'Gas prices in gwei from the fee history of the last 20 blocks: suggestBaseFee is the next block\'s base fee; SafeGasPrice, ' +
        'ProposeGasPrice and FastGasPrice add to it the mean 25th, 50th and 75th percentile priority fee of the blocks that held ' +
        'transactions; gasUsedRatio lists each block\'s gas used / gas limit, oldest first; LastBlock is the newest block',
      params: {},
      async run(_p, ctx) {
        const fees = await feeHistory(ctx);
        const [safe, propose, fast] = PERCENTILES.map((_, j) => gwei(fees.nextBaseFee + meanReward(fees, j)));
        return ok({
          LastBlock: String(fees.lastBlock),
          SafeGasPrice: safe,
          ProposeGasPrice: propose,
          FastGasPrice: fast,
          suggestBaseFee: gwei(fees.nextBaseFee),
          gasUsedRatio: fees.blocks.map((b) => String(b.gasUsedRatio)).join(','),
        });
      },
    },
    gasestimate: {
      summary:
        'Estimated seconds until a transaction paying `gasprice` is mined: of the last 20 blocks, those it would have entered ' +
        '(gasprice at least the block\'s base fee plus its 25th percentile priority fee; an empty block takes any price at its base fee) ' +
        'give the chance p that the next block takes it; the answer is the mean block time × 1/p, rounded. A price no recent block ' +
        'would have taken is refused',
      params: { gasprice: 'the gas price in wei' },
      async run(p, ctx) {
        const price = gasPriceParam(p);
        const fees = await feeHistory(ctx);
        const hits = fees.blocks.filter((b) => price >= b.baseFee + (b.gasUsedRatio > 0 ? (b.rewards[0] ?? 0n) : 0n)).length;
        if (hits === 0) return notOk('Error! No recent block would have included a transaction at this gas price');
        const [first, last] = await Promise.all([blockTimestamp(ctx, fees.oldestBlock), blockTimestamp(ctx, fees.lastBlock)]);
        const blockTime = fees.lastBlock > fees.oldestBlock ? (last - first) / (fees.lastBlock - fees.oldestBlock) : 0;
        return ok(String(Math.round((blockTime * fees.blocks.length) / hits)));
      },
    },
  },
};
