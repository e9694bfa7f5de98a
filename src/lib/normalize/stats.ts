import type { NetworkStats } from '../model/types.ts';
import type { ContractCounts, TransactionCount, ValidatorPayout, ValidatorPayoutEntry } from '../model/wire.ts';
import { parseUnits, toBigInt, toCount, toNumber } from './bignum.ts';
import { formatUnits } from '../../../common/units.ts';
import { isRecord, normalizeList, pick, toAddress } from './fields.ts';

/** Transactions per second from /stats/tps {tps, …}; null when absent. */
export function normalizeTps(raw: unknown): number | null {
  const tps = toNumber(isRecord(raw) ? raw['tps'] : raw);
  return tps !== null && tps >= 0 ? tps : null;
}

/** A count from {count}, {validatorCount}, {holders}, {total…} or a bare number; null when absent. */
export function normalizeCount(raw: unknown, ...keys: string[]): number | null {
  if (!isRecord(raw)) return toCount(raw);
  return toCount(pick(raw, ...keys, 'count', 'total'));
}

/** Holder count from /stats/holders {holders} (or totalHolders). */
export function normalizeHolderCount(raw: unknown): number | null {
  return normalizeCount(raw, 'holders', 'totalHolders');
}

/** Validator count from {count} or {validatorCount}; a validators list counts when neither is given. */
export function normalizeValidatorCount(raw: unknown): number | null {
  const count = normalizeCount(raw, 'validatorCount');
  if (count !== null) return count;
  return isRecord(raw) && Array.isArray(raw['validators']) ? raw['validators'].length : null;
}

/** /stats/transactions/count {totalTransactions, latestBlock}; null without a total. */
export function normalizeTransactionCount(raw: unknown): TransactionCount | null {
  if (!isRecord(raw)) return null;
  const totalTransactions = toCount(pick(raw, 'totalTransactions', 'count', 'total'));
  if (totalTransactions === null) return null;
  return { totalTransactions, latestBlock: toCount(pick(raw, 'latestBlock', 'lastBlock')) };
}

/** Contract counts from a combined object {totalContracts, erc20Contracts, nftContracts}; null when absent. */
export function normalizeContractCounts(raw: unknown): ContractCounts | null {
  if (!isRecord(raw)) return null;
  const totalContracts = toCount(pick(raw, 'totalContracts', 'count', 'total'));
  if (totalContracts === null) return null;
  return {
    totalContracts,
    erc20Contracts: toCount(pick(raw, 'erc20Contracts', 'erc20')) ?? 0,
    nftContracts: toCount(pick(raw, 'nftContracts', 'nft')) ?? 0,
  };
}

function normalizePayoutEntry(raw: unknown): ValidatorPayoutEntry | null {
  if (!isRecord(raw)) return null;
  const address = toAddress(raw['address']);
  if (address === null) return null;
  return {
    address,
    balance: toBigInt(raw['balance']) ?? parseUnits(raw['formattedBalance'], 18) ?? 0n,
    payoutWei: toBigInt(raw['payoutWei']) ?? parseUnits(raw['payoutEther'], 18),
    blocksMined: toCount(pick(raw, 'actualBlocksMined', 'blocksMined')),
  };
}

/** /stats/validators/payout {totalPayoutWei, totalPayoutEther, validators}; either total fills the other. */
export function normalizeValidatorPayout(raw: unknown): ValidatorPayout | null {
  if (!isRecord(raw)) return null;
  const wei = toBigInt(raw['totalPayoutWei']) ?? parseUnits(raw['totalPayoutEther'], 18);
  const validators = normalizeList(raw['validators'], normalizePayoutEntry);
  if (wei === null && validators.length === 0) return null;
  const totalPayoutWei = wei ?? validators.reduce((sum, v) => sum + (v.payoutWei ?? 0n), 0n);
  return { totalPayoutWei, totalPayoutEther: formatUnits(totalPayoutWei, 18), validators };
}

/** The parts of the network statistics, each read on its own (a failed one is null). */
export interface NetworkStatsParts {
  lastBlock: number | null;
  tps: number | null;
  holders: number | null;
  payout: ValidatorPayout | null;
  txCount: TransactionCount | null;
  erc20: number | null;
  gasPriceWei: bigint | null;
}

/** The network statistics from their parts: a failed count is zero, and Transactions the 2 × latest block estimate when not counted. */
export function composeNetworkStats(p: NetworkStatsParts): NetworkStats {
  const latestBlock = Math.max(p.lastBlock ?? 0, p.txCount?.latestBlock ?? 0);
  const counted = p.txCount?.totalTransactions ?? 0;
  const payoutWei = p.payout?.totalPayoutWei ?? 0n;
  return {
    latestBlock,
    totalTransactions: counted > 0 ? counted : 2 * latestBlock,
    totalTransactionsEstimated: counted <= 0,
    tps: p.tps ?? 0,
    gasPriceWei: p.gasPriceWei,
    gasPriceGwei: p.gasPriceWei === null ? null : Number(p.gasPriceWei) / 1e9,
    totalHolders: p.holders ?? 0,
    validatorsPayout: { raw: payoutWei, formatted: p.payout?.totalPayoutEther ?? formatUnits(payoutWei, 18) },
    totalTokens: p.erc20 ?? 0,
  };
}

/**
 * The stream's `stats` (each part the body of its REST route, null where it failed) as network statistics, read with
 * the routes' normalizers; the latest block is the event's.
 */
export function normalizeStatsEvent(raw: unknown, gasPriceWei: bigint | null): NetworkStats | null {
  if (!isRecord(raw)) return null;
  const block = raw['block'];
  return composeNetworkStats({
    lastBlock: typeof block === 'number' && Number.isSafeInteger(block) && block >= 0 ? block : null,
    tps: normalizeTps(raw['tps']),
    holders: normalizeHolderCount(raw['holders']),
    payout: normalizeValidatorPayout(raw['payout']),
    txCount: normalizeTransactionCount(raw['transactionCount']),
    erc20: normalizeCount(raw['erc20Count']),
    gasPriceWei,
  });
}
