// Route parameter and query rules of the address page (/address/{address}?tab=&page=&size=&order=&holdings=).
import type { AddressType, ContractType } from '../model/types.ts';
import { oneOf } from '../url/params.ts';

/** The address page's tabs, in display order. */
const ADDRESS_TABS = ['transactions', 'internal-transactions', 'token-transfers', 'nfts', 'approvals', 'contract', 'holders'] as const;

/** One tab of the address page. */
export type AddressTab = (typeof ADDRESS_TABS)[number];

/** Tab labels as shown. */
export const TAB_LABELS: Readonly<Record<AddressTab, string>> = {
  transactions: 'Transactions',
  'internal-transactions': 'Internal Transactions',
  'token-transfers': 'Token Transfers',
  nfts: 'NFTs',
  approvals: 'Approvals',
  contract: 'Contract',
  holders: 'Holders',
};

/** The tab named by `?tab=`; garbage or nothing gives the default, 'transactions'. */
export function parseTab(value: string | null | undefined): AddressTab {
  return oneOf(ADDRESS_TABS, value, 'transactions');
}

/** What decides which tabs an address has. */
export interface TabFacts {
  readonly type: AddressType;
  readonly contractType: ContractType;
  readonly nftCount: number | null;
  /** The delegate of an account delegated by EIP-7702: its Contract tab explains the delegation. */
  readonly delegatedTo?: string | null | undefined;
}

/**
 * Tabs shown as links: Transactions, Internal Transactions, Token Transfers and Approvals always; NFTs when the address holds NFTs;
 * Contract for contracts and accounts delegated by EIP-7702; Holders for ERC-20 contracts.
 */
export function visibleTabs(facts: TabFacts): AddressTab[] {
  return ADDRESS_TABS.filter((tab) => {
    if (tab === 'nfts') return (facts.nftCount ?? 0) > 0;
    if (tab === 'contract') return facts.type === 'contract' || !!facts.delegatedTo;
    if (tab === 'holders') return facts.type === 'contract' && facts.contractType === 'ERC20';
    return true;
  });
}

/**
 * The tab to render for a request. A hidden tab's URL still works where it has something to say (NFTs shows its
 * empty message, Holders its 'only for token contracts' message); Contract on a non-contract falls back to Transactions.
 */
export function resolveTab(requested: AddressTab, facts: TabFacts): AddressTab {
  if (requested === 'contract' && facts.type !== 'contract' && !facts.delegatedTo) return 'transactions';
  return requested;
}

/** Holder order from `?order=`: 'asc' (Lowest to Highest) or the default 'desc' (Highest to Lowest). */
export type HolderOrder = 'asc' | 'desc';

/** Reads `?order=`; anything but 'asc' is the default 'desc'. */
export function parseHolderOrder(value: string | null | undefined): HolderOrder {
  return value === 'asc' ? 'asc' : 'desc';
}

/** The holdings filter from `?holdings=`, trimmed; '' when absent. Long input is cut so it cannot bloat the page. */
export function parseHoldingsQuery(value: string | null | undefined): string {
  return (value ?? '').trim().slice(0, 100);
}
