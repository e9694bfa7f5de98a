import { decodeAddress, decodeBool, decodeString, decodeUint, encodeCall, INTERFACE_IDS, SELECTORS } from '../chain/abi.ts';
import type { RpcCall, RpcClient, RpcOutcome } from '../chain/rpc.ts';
import { throwIfStateUnavailable, unwrap } from '../chain/rpc.ts';
import { delegationTarget } from '../../../common/tx-types.ts';

/** Contract classification as stored and served. */
export type ContractType = 'ERC20' | 'ERC721' | 'ERC1155' | 'none';

/** What a code check and the standard view calls say about an address. */
export interface ContractProbe {
  address: string;
  codeSize: number;
  type: ContractType;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  totalSupply: string | null;
  owner: string | null;
}

/** Gas for probing calls, so a hostile fallback cannot keep the node busy for long. */
const PROBE_GAS = '0x4c4b40';

function ethCall(to: string, data: string, blockTag: string): RpcCall {
  return { method: 'eth_call', params: [{ to, data, gas: PROBE_GAS }, blockTag] };
}

function resultOf(outcome: RpcOutcome<string> | undefined): string | null {
  return outcome?.ok && typeof outcome.result === 'string' ? outcome.result : null;
}

/**
 * Byte size of the code at each address (0 for accounts: without code, or delegated by EIP-7702, whose code is only a
 * delegation designator); the delegated ones are also added to `delegated` when given.
 */
export async function codeSizes(rpc: RpcClient, addresses: readonly string[], blockTag: string, delegated?: Set<string>): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (addresses.length === 0) return out;
  const answers = await rpc.batch<string>(addresses.map((a) => ({ method: 'eth_getCode', params: [a, blockTag] })));
  addresses.forEach((a, i) => {
    const code = unwrap(answers[i]);
    const designator = typeof code === 'string' && delegationTarget(code) !== null;
    if (designator) delegated?.add(a);
    out.set(a, typeof code === 'string' && !designator ? Math.max(0, (code.length - 2) / 2) : 0);
  });
  return out;
}

const CALLS_PER_CONTRACT = 9;

/**
 * Classifies contracts (ERC-165 for ERC-721/ERC-1155, totalSupply and balanceOf answering for ERC-20)
 * and reads name, symbol, decimals, totalSupply and owner, tolerating reverts and garbage.
 */
export async function probeContracts(
  rpc: RpcClient,
  contracts: ReadonlyMap<string, number>,
  blockTag: string,
): Promise<Map<string, ContractProbe>> {
  const out = new Map<string, ContractProbe>();
  const addresses = [...contracts.keys()];
  if (addresses.length === 0) return out;
  const calls: RpcCall[] = [];
  for (const a of addresses) {
    calls.push(
      ethCall(a, encodeCall(SELECTORS.supportsInterface, INTERFACE_IDS.erc165), blockTag),
      ethCall(a, encodeCall(SELECTORS.supportsInterface, INTERFACE_IDS.invalid), blockTag),
      ethCall(a, encodeCall(SELECTORS.supportsInterface, INTERFACE_IDS.erc721), blockTag),
      ethCall(a, encodeCall(SELECTORS.supportsInterface, INTERFACE_IDS.erc1155), blockTag),
      ethCall(a, SELECTORS.name, blockTag),
      ethCall(a, SELECTORS.symbol, blockTag),
      ethCall(a, SELECTORS.decimals, blockTag),
      ethCall(a, SELECTORS.totalSupply, blockTag),
      ethCall(a, SELECTORS.owner, blockTag),
    );
  }
  const answers = await rpc.batch<string>(calls);
  throwIfStateUnavailable(answers);
  addresses.forEach((address, i) => {
    const r = (k: number): string | null => resultOf(answers[i * CALLS_PER_CONTRACT + k]);
    const erc165 = decodeBool(r(0)) === true && decodeBool(r(1)) === false;
    const is721 = erc165 && decodeBool(r(2)) === true;
    const is1155 = erc165 && !is721 && decodeBool(r(3)) === true;
    const supply = decodeUint(r(7));
    const rawDecimals = decodeUint(r(6));
    let type: ContractType = 'none';
    if (is721) type = 'ERC721';
    else if (is1155) type = 'ERC1155';
    else if (supply !== null && rawDecimals !== null) type = 'ERC20';
    out.set(address, {
      address,
      codeSize: contracts.get(address) ?? 0,
      type,
      name: decodeString(r(4)),
      symbol: decodeString(r(5)),
      decimals: type === 'ERC20' && rawDecimals !== null && rawDecimals <= 255n ? Number(rawDecimals) : type === 'ERC20' ? null : 0,
      totalSupply: supply === null ? null : supply.toString(),
      owner: decodeAddress(r(8)),
    });
  });
  return out;
}

/** totalSupply() of each token at a block, null where it does not answer. */
export async function totalSupplies(
  rpc: RpcClient,
  tokens: readonly string[],
  blockTag: string,
): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  if (tokens.length === 0) return out;
  const answers = await rpc.batch<string>(tokens.map((t) => ethCall(t, SELECTORS.totalSupply, blockTag)));
  throwIfStateUnavailable(answers);
  tokens.forEach((t, i) => {
    const v = decodeUint(resultOf(answers[i]));
    out.set(t, v === null ? null : v.toString());
  });
  return out;
}
