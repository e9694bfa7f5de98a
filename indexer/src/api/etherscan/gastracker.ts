import type { EtherscanModule } from './core.ts';

// module=gastracker of the Etherscan-compatible API: gasoracle, gasestimate.

/** module=gastracker. */
export const gastrackerModule: EtherscanModule = {
  actions: {},
};
