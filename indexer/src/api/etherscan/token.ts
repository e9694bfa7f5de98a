import type { EtherscanModule } from './core.ts';

// module=token of the Etherscan-compatible API: tokeninfo, tokenholderlist, tokenholdercount.

/** module=token. */
export const tokenModule: EtherscanModule = {
  actions: {},
};
