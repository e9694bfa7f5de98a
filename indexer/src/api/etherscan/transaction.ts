import type { EtherscanModule } from './core.ts';

// module=transaction of the Etherscan-compatible API: getstatus, gettxreceiptstatus.

/** module=transaction. */
export const transactionModule: EtherscanModule = {
  actions: {},
};
