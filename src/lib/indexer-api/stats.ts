import { composeNetworkStats, normalizeCount, normalizeHolderCount, normalizeTps, normalizeTransactionCount, normalizeValidatorCount, normalizeValidatorPayout } from '../normalize/stats.ts';
import type { NetworkStats } from '../model/types.ts';
import type { ContractCounts, TransactionCount, ValidatorPayout } from '../model/wire.ts';
import { getHealth } from './health.ts';
import { getGasPrice } from './rpc.ts';
import { CONTRACTS_TIMEOUT_MS, HOLDERS_TIMEOUT_MS, PAYOUT_TIMEOUT_MS, TPS_TIMEOUT_MS, TX_COUNT_TIMEOUT_MS, VALIDATORS_TIMEOUT_MS } from './timeouts.ts';
import { safe, type RequestOptions, type Transport } from './transport.ts';

// Network statistics.

/** GET /stats/tps → transactions per second (2 s). */
export function getTps(t: Transport, request?: RequestOptions): Promise<number> {
  return t.need('/stats/tps', normalizeTps, request, TPS_TIMEOUT_MS);
}

/** GET /stats/holders → number of holders (8 s). */
function getHolderCount(t: Transport, request?: RequestOptions): Promise<number> {
  return t.need('/stats/holders', normalizeHolderCount, request, HOLDERS_TIMEOUT_MS);
}

/** GET /stats/validators/payout → totals and validators (5 s). */
function getValidatorsPayout(t: Transport, request?: RequestOptions): Promise<ValidatorPayout> {
  return t.need('/stats/validators/payout', normalizeValidatorPayout, request, PAYOUT_TIMEOUT_MS);
}

/** GET /stats/validators/count → {count} or {validatorCount} (5 s). */
export function getValidatorCount(t: Transport, request?: RequestOptions): Promise<number> {
  return t.need('/stats/validators/count', normalizeValidatorCount, request, VALIDATORS_TIMEOUT_MS);
}

/** GET /stats/transactions/count → {totalTransactions, latestBlock} (5 s). */
export function getTransactionCount(t: Transport, request?: RequestOptions): Promise<TransactionCount> {
  return t.need('/stats/transactions/count', normalizeTransactionCount, request, TX_COUNT_TIMEOUT_MS);
}

/** GET /stats/contracts/erc20/count → number of ERC-20 contracts (5 s). */
function getErc20Count(t: Transport, request?: RequestOptions): Promise<number> {
  return t.need('/stats/contracts/erc20/count', (body) => normalizeCount(body), request, CONTRACTS_TIMEOUT_MS);
}

/** GET /stats/contracts/count, /erc20/count and /nft/count together (5 s each). */
export async function getContractCounts(t: Transport, request?: RequestOptions): Promise<ContractCounts> {
  const count = (path: string): Promise<number> => t.need(path, (body) => normalizeCount(body), request, CONTRACTS_TIMEOUT_MS);
  const [totalContracts, erc20Contracts, nftContracts] = await Promise.all([
    count('/stats/contracts/count'),
    count('/stats/contracts/erc20/count'),
    count('/stats/contracts/nft/count'),
  ]);
  return { totalContracts, erc20Contracts, nftContracts };
}

/**
 * Network statistics from tps, holders, payout, transaction count, health, ERC-20 count and gas price, each
 * with its own time-out; a failed part is zero (or null for the gas price). Never throws.
 */
export async function getNetworkStats(t: Transport, request: RequestOptions = {}): Promise<NetworkStats> {
  const signal = request.signal ? { signal: request.signal } : {};
  const [health, tps, holders, payout, txCount, erc20, gasPrice] = await Promise.all([
    safe(getHealth(t, signal), null),
    safe(getTps(t, signal), 0),
    safe(getHolderCount(t, signal), 0),
    safe(getValidatorsPayout(t, signal), null),
    safe(getTransactionCount(t, signal), null),
    safe(getErc20Count(t, signal), 0),
    getGasPrice(t, signal),
  ]);
  return composeNetworkStats({
    lastBlock: health?.lastBlock ?? null,
    tps,
    holders,
    payout,
    txCount,
    erc20,
    gasPriceWei: gasPrice.ok ? gasPrice.value : null,
  });
}
