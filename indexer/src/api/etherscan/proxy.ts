import type { EtherscanModule } from './core.ts';

// module=proxy of the Etherscan-compatible API: eth_blockNumber, eth_getBlockByNumber, eth_getTransactionByHash, … (read-only JSON-RPC as GET parameters).

/** module=proxy. */
export const proxyModule: EtherscanModule = {
  actions: {},
};
