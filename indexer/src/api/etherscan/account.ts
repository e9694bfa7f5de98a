import type { EtherscanModule } from './core.ts';

// module=account of the Etherscan-compatible API: balance, balancemulti, txlist, txlistinternal, tokentx, tokennfttx, token1155tx, tokenbalance, getminedblocks.

/** module=account. */
export const accountModule: EtherscanModule = {
  actions: {},
};
