// What an approval's row says: its amount ('Unlimited' from 2^255, see common/approvals.ts) and its kind.
import { isUnlimitedAllowance } from '../../../common/approvals.ts';
import { formatTokenAmount } from '../format/index.ts';
import type { TokenApproval } from '../model/approval.ts';

/** The amount a spender may take: 'Unlimited', the allowance in whole tokens with the symbol, or 'All tokens' for an operator. */
export function approvalAmount(a: Pick<TokenApproval, 'kind' | 'value' | 'tokenDecimals' | 'tokenSymbol'>): string {
  if (a.kind === 'operator' || a.value === null) return 'All tokens';
  if (isUnlimitedAllowance(a.value)) return 'Unlimited';
  const amount = formatTokenAmount(a.value, a.tokenDecimals ?? 0);
  return a.tokenSymbol ? `${amount} ${a.tokenSymbol}` : amount;
}

/** The approval's kind as shown: 'ERC-20 allowance', or 'ApprovalForAll' with the collection's standard when known. */
export function approvalKindLabel(a: Pick<TokenApproval, 'kind' | 'tokenType'>): string {
  if (a.kind === 'allowance') return 'ERC-20 allowance';
  if (a.tokenType === 'ERC721') return 'ApprovalForAll (ERC-721)';
  if (a.tokenType === 'ERC1155') return 'ApprovalForAll (ERC-1155)';
  return 'ApprovalForAll';
}
