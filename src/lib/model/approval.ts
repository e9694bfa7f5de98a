// A token approval in force, as the approvals views show it (normalized from GET /address/{a}/approvals).

/** 'allowance': an ERC-20 allowance; 'operator': ApprovalForAll on an ERC-721 or ERC-1155. */
export type ApprovalKind = 'allowance' | 'operator';

/** One approval an owner has in force. */
export interface TokenApproval {
  owner: string;
  token: string;
  tokenName: string | null;
  tokenSymbol: string | null;
  /** ERC-20 decimals; null when unknown (amounts are then raw units) and for operators. */
  tokenDecimals: number | null;
  tokenType: 'ERC20' | 'ERC721' | 'ERC1155' | null;
  kind: ApprovalKind;
  spender: string;
  /** The spender's verified contract name, or the name it answers as a token; null when unknown. */
  spenderName: string | null;
  /** Allowance in raw units; null for operators. */
  value: bigint | null;
  /** 'chain': read on chain just now; 'indexed': the last Approval event's (the node did not answer); 'event': an operator. */
  valueSource: 'chain' | 'indexed' | 'event';
  blockNumber: number | null;
  transactionHash: string | null;
  timestamp: number | null;
  /** Place in the owner's list (the page's offset + its row); the indexer leaves out rows spent to zero. */
  indexPosition: number | null;
}
