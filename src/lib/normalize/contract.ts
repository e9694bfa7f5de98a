import type { ContractDetails } from '../model/types.ts';
import { toBigInt, toCount, toTimestamp } from './bignum.ts';
import { isRecord, normalizeList, pick, toAddress, toBool, toHash, toText } from './fields.ts';
import { toContractType } from './kinds.ts';

// Contract details (GET /contracts/{a}, and the list of /contracts) and whether a contract is verified.

/** Name shown for a contract without one. */
export const UNKNOWN_CONTRACT_NAME = 'Unknown Contract';

/** The minimal unverified contract a failed details read gives. */
export function minimalContract(address: string): ContractDetails {
  return {
    address,
    type: 'none',
    verified: false,
    name: UNKNOWN_CONTRACT_NAME,
    verifiedName: null,
    symbol: null,
    decimals: null,
    totalSupply: null,
    creatorAddress: null,
    ownerAddress: null,
    blockNumber: null,
    timestamp: null,
    transactionHash: null,
    balance: null,
  };
}

/** /contracts/{a} details (contractName or name, contractType or type); null without an address. */
export function normalizeContractDetails(raw: unknown): ContractDetails | null {
  if (!isRecord(raw)) return null;
  const address = toAddress(pick(raw, 'address', 'contractAddress'));
  if (address === null) return null;
  const decimals = toCount(raw['decimals']);
  return {
    address,
    type: toContractType(pick(raw, 'contractType', 'type')),
    verified: toBool(pick(raw, 'verified', 'isVerified')) ?? false,
    name: toText(pick(raw, 'contractName', 'name')) ?? UNKNOWN_CONTRACT_NAME,
    verifiedName: toText(raw['verifiedName']),
    symbol: toText(raw['symbol']),
    decimals: decimals !== null && decimals <= 255 ? decimals : null,
    totalSupply: toBigInt(raw['totalSupply']),
    creatorAddress: toAddress(pick(raw, 'creatorAddress', 'creator')),
    ownerAddress: toAddress(pick(raw, 'ownerAddress', 'owner')),
    blockNumber: toCount(raw['blockNumber']),
    timestamp: toTimestamp(raw['timestamp']),
    transactionHash: toHash(pick(raw, 'transactionHash', 'creationTransactionHash')),
    balance: toBigInt(raw['balance']),
  };
}

/** A list of contract records. */
export function normalizeContractList(raw: unknown): ContractDetails[] {
  return normalizeList(raw, normalizeContractDetails, 'contracts');
}

/** /contracts/{a}/verified: {verified: true} or a bare true is verified; anything else is not. */
export function normalizeVerified(raw: unknown): boolean {
  return (isRecord(raw) ? toBool(raw['verified']) : toBool(raw)) === true;
}
