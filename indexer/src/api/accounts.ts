import { unpadBigInt } from '../chain/num.ts';
import { formatUnits } from '../../../common/units.ts';
import { delegationTarget } from '../../../common/tx-types.ts';
import { addressBalance, addressIsContract } from '../store/queries/addresses.ts';
import { contractType } from '../store/queries/contracts.ts';
import { holdingsOf } from '../store/queries/tokens.ts';
import type { ApiContext } from './context.ts';

/** Native balance in wei: the indexed value, else read live (addresses the chain funded without a transaction). */
export async function nativeBalance(ctx: ApiContext, address: string): Promise<bigint> {
  const balance = await addressBalance(ctx.db, address);
  if (balance !== undefined) return unpadBigInt(balance);
  try {
    return BigInt(await ctx.rpc.call<string>('eth_getBalance', [address, 'latest']));
  } catch {
    return 0n;
  }
}

/** 'contract' with its type, or 'wallet'; addresses unknown to the index are code-checked live. */
export async function addressKind(ctx: ApiContext, address: string): Promise<{ type: 'contract' | 'wallet'; contractType?: string }> {
  const type = await contractType(ctx.db, address);
  if (type !== undefined) return { type: 'contract', contractType: type };
  const isContract = await addressIsContract(ctx.db, address);
  if (isContract !== undefined) return isContract ? { type: 'contract', contractType: 'none' } : { type: 'wallet' };
  try {
    const code = await ctx.rpc.call<string>('eth_getCode', [address, 'latest']);
    // An account delegated by EIP-7702 (code 0xef0100 ‖ delegate) is still an account.
    if (typeof code === 'string' && code.length > 2 && delegationTarget(code) === null) return { type: 'contract', contractType: 'none' };
  } catch {
    // Unknown to the index and the node is unreachable: an account is the likelier answer.
  }
  return { type: 'wallet' };
}

/** The delegate of an account delegated by EIP-7702 (its code is 0xef0100 ‖ delegate), read live; null otherwise or when the node cannot say. */
export async function delegationOf(ctx: ApiContext, address: string): Promise<string | null> {
  try {
    return delegationTarget(await ctx.rpc.call<string>('eth_getCode', [address, 'latest']));
  } catch {
    return null;
  }
}

/** Token holdings of an address (ERC-20 amounts, NFT counts), in the upstream account-balances shape. */
export async function holdings(ctx: ApiContext, address: string, limit: number, offset: number) {
  const rows = await holdingsOf(ctx.db, address, limit, offset);
  return rows.map((r) => {
    const raw = unpadBigInt(r.balance);
    const decimals = r.contract_type === 'ERC20' ? r.decimals : 0;
    return {
      contractAddress: r.token_address,
      symbol: r.symbol,
      name: r.name,
      balance: formatUnits(raw, decimals ?? 18),
      rawBalance: raw.toString(),
      decimals,
      type: r.contract_type,
      isCreator: r.creator === address,
      hasActivity: true,
    };
  });
}
