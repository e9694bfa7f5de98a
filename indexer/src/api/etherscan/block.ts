import type { EtherscanModule } from './core.ts';

// module=block of the Etherscan-compatible API: getblockreward, getblockcountdown, getblocknobytime.

/** module=block. */
export const blockModule: EtherscanModule = {
  actions: {},
};
