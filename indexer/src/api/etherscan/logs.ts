import type { EtherscanModule } from './core.ts';

// module=logs of the Etherscan-compatible API: getLogs.

/** module=logs. */
export const logsModule: EtherscanModule = {
  actions: {},
};
