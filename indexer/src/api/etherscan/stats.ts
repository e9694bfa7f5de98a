import type { EtherscanModule } from './core.ts';

// module=stats of the Etherscan-compatible API: ethsupply, ethprice, tokensupply, chainsize.

/** module=stats. */
export const statsModule: EtherscanModule = {
  actions: {},
};
