import { erc20FunctionName } from './erc20-decode.ts';

/** The fields the kind rules read; richer transaction types fit structurally. */
export interface KindInput {
  readonly to?: string | null | undefined;
  readonly input?: string | null | undefined;
  readonly value: bigint;
  readonly tokenTransfers?: readonly { readonly symbol?: string | null | undefined; readonly name?: string | null | undefined }[] | null | undefined;
}

const TRANSFER_SELECTOR = '0xa9059cbb';

function hasInput(tx: KindInput): boolean {
  return !!tx.input && tx.input.toLowerCase() !== '0x';
}

function callsTransfer(tx: KindInput): boolean {
  return !!tx.input && tx.input.toLowerCase().startsWith(TRANSFER_SELECTOR);
}

/**
 * Kind label on transaction cards: 'Contract Creation', '{symbol} Transfer', 'Token Transfer',
 * 'Contract Interaction' or 'STO Transfer'; a transfer without a symbol shows 'TOKEN Transfer'.
 */
export function txCardKind(tx: KindInput): string {
  if (!tx.to) return 'Contract Creation';
  const first = tx.tokenTransfers?.[0];
  if (first) return `${first.symbol || 'TOKEN'} Transfer`;
  if (tx.value === 0n && callsTransfer(tx)) return 'Token Transfer';
  if (hasInput(tx)) return 'Contract Interaction';
  return 'STO Transfer';
}

/** Label of the address page's transaction list. */
export type AddressListKind = 'contract creation' | 'contract call' | 'transfer';

/** Address-list label: no recipient → 'contract creation', other input data → 'contract call', else 'transfer'. */
export function addressListKind(tx: KindInput): AddressListKind {
  if (!tx.to) return 'contract creation';
  return hasInput(tx) ? 'contract call' : 'transfer';
}

/**
 * Function column of the address list: the function name the indexer's signature database gives, else the known
 * ERC-20 function name when the selector is one, else addressListKind.
 */
export function addressListFunction(tx: KindInput & { readonly method?: string | undefined }): string {
  if (!tx.to) return addressListKind(tx);
  return (hasInput(tx) ? tx.method : undefined) ?? erc20FunctionName(tx.input) ?? addressListKind(tx);
}

/** The AI canvas's activity kinds. */
export const ACTIVITY_KINDS = ['NATIVE_STO', 'ERC20_TOKEN', 'CONTRACT_CALL', 'CONTRACT_DEPLOY', 'NFT_TRANSFER', 'DEFAULT'] as const;

/** One of the AI canvas's activity kinds. */
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * Activity kind for the AI canvas: no 'to' → CONTRACT_DEPLOY; a transfer whose symbol or name contains 'NFT'
 * (any case) → NFT_TRANSFER; other transfers, or a zero-value transfer() call → ERC20_TOKEN; input longer than
 * 10 characters → CONTRACT_CALL; a non-zero value → NATIVE_STO; else DEFAULT.
 */
export function activityKind(tx: KindInput): ActivityKind {
  if (!tx.to) return 'CONTRACT_DEPLOY';
  const transfers = tx.tokenTransfers ?? [];
  if (transfers.some((t) => /nft/i.test(`${t.symbol ?? ''} ${t.name ?? ''}`))) return 'NFT_TRANSFER';
  if (transfers.length > 0 || (tx.value === 0n && callsTransfer(tx))) return 'ERC20_TOKEN';
  if ((tx.input?.length ?? 0) > 10) return 'CONTRACT_CALL';
  return tx.value > 0n ? 'NATIVE_STO' : 'DEFAULT';
}
