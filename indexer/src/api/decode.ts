import { Interface, type FunctionFragment } from 'ethers';

const FUNGIBLE = new Interface([
  'function transfer(address to, uint256 value)',
  'function approve(address spender, uint256 value)',
  'function transferFrom(address from, address to, uint256 value)',
  'function balanceOf(address account)',
  'function totalSupply()',
  'function mint(address to, uint256 amount)',
  'function burn(uint256 amount)',
  'function burnFrom(address account, uint256 value)',
  'function withdraw(uint256 amount)',
  'function deposit()',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function decreaseAllowance(address spender, uint256 subtractedValue)',
  'function transferOwnership(address newOwner)',
  'function renounceOwnership()',
  'function safeMint(address to)',
  'function safeMint(address to, uint256 tokenId)',
  'function safeMint(address to, string uri)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
  'function mint(address to, uint256 id, uint256 value, bytes data)',
  'function mintBatch(address to, uint256[] ids, uint256[] values, bytes data)',
]);

// ERC-721 shares approve and transferFrom selectors with ERC-20; only the parameter names differ.
const NON_FUNGIBLE = new Interface([
  'function approve(address to, uint256 tokenId)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function burn(uint256 tokenId)',
]);

/**
 * An interface's functions by selector. ethers' getFunction(selector) hashes every fragment's signature on every call
 * (a keccak each): a quarter of the CPU of an Etherscan txlist answer, before these maps.
 */
export function functionsBySelector(iface: Interface): ReadonlyMap<string, FunctionFragment> {
  const out = new Map<string, FunctionFragment>();
  iface.forEachFunction((fn) => {
    if (!out.has(fn.selector)) out.set(fn.selector, fn);
  });
  return out;
}

const FUNGIBLE_BY_SELECTOR = functionsBySelector(FUNGIBLE);
const NON_FUNGIBLE_BY_SELECTOR = functionsBySelector(NON_FUNGIBLE);

/** The built-in function a selector names (0x + 8 hex digits), with its parameter names; null when none is known. */
export function builtinFunction(selector: string, nonFungible = false): FunctionFragment | null {
  const s = selector.toLowerCase();
  return (nonFungible ? NON_FUNGIBLE_BY_SELECTOR.get(s) : undefined) ?? FUNGIBLE_BY_SELECTOR.get(s) ?? null;
}

/** A decoded call as served by /transactions/{hash}/decoded (see signature-decode.ts). */
export interface DecodedCall {
  functionName: string;
  functionSignature: string;
  params: { name: string; type: string; value: unknown }[];
}

const NAMES = new Map<string, string>();
FUNGIBLE.forEachFunction((fn) => NAMES.set(fn.selector, fn.name));

/** The function name for the first 4 bytes of calldata, when it is one of the common ones. */
export function methodName(input: string): string | null {
  if (input.length < 10) return null;
  return NAMES.get(input.slice(0, 10).toLowerCase()) ?? null;
}
