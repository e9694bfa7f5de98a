import { FEE_WINDOW } from '../../../../common/gas-tracker.ts';
import { formatUnits } from '../../../../common/units.ts';
import { gasTracker, inclusions, liveFigures, waitSeconds } from '../gas-tracker.ts';
import { notOk, ok, Refusal, type EtherscanModule, type EtherscanParams } from './core.ts';

// module=gastracker of the Etherscan-compatible API: gasoracle, gasestimate, both answered from the gas tracker's
// figures (api/gas-tracker.ts: the node's fee history of the last FEE_WINDOW blocks, read once per indexed head), so
// they follow the chain even while the indexer catches up and agree with /stats/gas.

/** Wei as gwei text, exact ("13.5", "0.000000001"). */
const gwei = (wei: string | bigint): string => formatUnits(BigInt(wei), 9);

/** A required gas price in wei: decimal digits only; "Error! Invalid gasprice" otherwise. */
function gasPriceParam(p: EtherscanParams): bigint {
  const raw = p.text('gasprice');
  if (!/^\d{1,30}$/.test(raw)) throw new Refusal('Error! Invalid gasprice');
  return BigInt(raw);
}

/** module=gastracker. */
export const gastrackerModule: EtherscanModule = {
  actions: {
    gasoracle: {
      summary:
        `Gas prices in gwei from the fee history of the last ${FEE_WINDOW} blocks: suggestBaseFee is the next block's base fee; SafeGasPrice, ` +
        'ProposeGasPrice and FastGasPrice add to it the mean 25th, 50th and 75th percentile priority fee of the blocks that held ' +
        'transactions (the slow, standard and fast levels of /stats/gas); gasUsedRatio lists each block\'s gas used / gas limit, ' +
        'oldest first; LastBlock is the newest block',
      params: {},
      async run(_p, ctx) {
        const live = liveFigures(await gasTracker(ctx).window());
        return ok({
          LastBlock: String(live.lastBlock),
          SafeGasPrice: gwei(live.levels.slow.price),
          ProposeGasPrice: gwei(live.levels.standard.price),
          FastGasPrice: gwei(live.levels.fast.price),
          suggestBaseFee: gwei(live.baseFee),
          gasUsedRatio: live.blocks.map((b) => String(b.gasUsedRatio)).join(','),
        });
      },
    },
    gasestimate: {
      summary:
        `Estimated seconds until a transaction paying \`gasprice\` is mined: of the last ${FEE_WINDOW} blocks, those it would have entered ` +
        '(gasprice at least the block\'s base fee plus its 25th percentile priority fee; an empty block takes any price at its base fee) ' +
        'give the chance p that the next block takes it; the answer is the mean block time × 1/p, rounded (the waitSeconds of /stats/gas). ' +
        'A price no recent block would have taken is refused',
      params: { gasprice: 'the gas price in wei' },
      async run(p, ctx) {
        const price = gasPriceParam(p);
        const w = await gasTracker(ctx).window();
        if (inclusions(w, price) === 0) return notOk('Error! No recent block would have included a transaction at this gas price');
        // A window of one block has no block time: nothing to wait for but that block.
        return ok(String(waitSeconds(w, price) ?? 0));
      },
    },
  },
};
