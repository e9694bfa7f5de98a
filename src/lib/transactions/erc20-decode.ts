import { AbiCoder } from 'ethers';

/** One decoded parameter, its value as display text (addresses checksummed, integers in decimal). */
export interface DecodedParam {
  readonly name: string;
  readonly type: string;
  readonly value: string;
}

/** A function call decoded from transaction input. */
export interface DecodedCall {
  readonly functionName: string;
  readonly functionSignature: string;
  readonly description: string;
  readonly params: readonly DecodedParam[];
}

interface KnownFunction {
  readonly functionName: string;
  readonly functionSignature: string;
  readonly description: string;
}

/**
 * The standard ERC-20 selectors decoded locally, keyed by 0x-prefixed lowercase selector.
 * 0x94562944 is the spec's 'withdraw' but matches no known canonical signature, hence 'withdraw(...)'.
 */
const ERC20_FUNCTIONS: Readonly<Record<string, KnownFunction>> = {
  '0x095ea7b3': { functionName: 'approve', functionSignature: 'approve(address,uint256)', description: 'Approve a spender to transfer tokens on behalf of the sender' },
  '0xa9059cbb': { functionName: 'transfer', functionSignature: 'transfer(address,uint256)', description: 'Transfer tokens to another address' },
  '0x23b872dd': { functionName: 'transferFrom', functionSignature: 'transferFrom(address,address,uint256)', description: 'Transfer tokens from one address to another using an allowance' },
  '0x70a08231': { functionName: 'balanceOf', functionSignature: 'balanceOf(address)', description: 'Query the token balance of an address' },
  '0x18160ddd': { functionName: 'totalSupply', functionSignature: 'totalSupply()', description: 'Query the total token supply' },
  '0x40c10f19': { functionName: 'mint', functionSignature: 'mint(address,uint256)', description: 'Create new tokens for an address' },
  '0x42966c68': { functionName: 'burn', functionSignature: 'burn(uint256)', description: 'Destroy tokens held by the sender' },
  '0x94562944': { functionName: 'withdraw', functionSignature: 'withdraw(...)', description: 'Withdraw funds from the contract' },
};

/** The 4-byte selector of transaction input as '0x' plus 8 lowercase hex digits; null for '0x', empty or short input. */
export function inputSelector(input: string | null | undefined): string | null {
  if (!input || !/^0x[0-9a-fA-F]{8}/.test(input)) return null;
  return input.slice(0, 10).toLowerCase();
}

/** Function name of one of the eight known ERC-20 selectors, or null. */
export function erc20FunctionName(input: string | null | undefined): string | null {
  const selector = inputSelector(input);
  return selector === null ? null : (ERC20_FUNCTIONS[selector]?.functionName ?? null);
}

// Only approve's parameters are decoded; the others show name, signature and description.
function approveParams(input: string): DecodedParam[] {
  try {
    const [spender, amount] = AbiCoder.defaultAbiCoder().decode(['address', 'uint256'], `0x${input.slice(10)}`);
    return [
      { name: 'spender', type: 'address', value: String(spender) },
      { name: 'amount', type: 'uint256', value: String(amount) },
    ];
  } catch {
    return [];
  }
}

/** Decodes input calling one of the eight known ERC-20 functions; null for other selectors ('0x', empty, unknown). */
export function decodeErc20Call(input: string | null | undefined): DecodedCall | null {
  const selector = inputSelector(input);
  const known = selector === null ? undefined : ERC20_FUNCTIONS[selector];
  if (!input || !known) return null;
  return { ...known, params: selector === '0x095ea7b3' ? approveParams(input) : [] };
}
