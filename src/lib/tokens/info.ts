// Fixed figures of the token list's info card (static, not measured).

/** The info card's figures, as displayed. */
export const TOKEN_INFO_FIGURES = {
  totalTokens: '1,000+',
  standards: ['ERC-20', 'ERC-721', 'ERC-1155'],
  dailyTransfers: '50K+',
} as const;

/** The zero-gas statement of the token list. */
export const ZERO_GAS_STATEMENT = 'Token transfers on the STO network have zero gas fees.';
