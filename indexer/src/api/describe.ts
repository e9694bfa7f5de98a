import { formatUnits } from '../../../common/units.ts';
import type { DecodedCall } from './decode.ts';

/** What a description needs to know about the called contract. */
export interface TokenFacts {
  type: string;
  symbol: string | null;
  name: string | null;
  decimals: number | null;
}

function param(d: DecodedCall, i: number): string {
  const v = d.params[i]?.value;
  return typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : String(v);
}

/** A one-line human description of a transaction, from its decoded call and the token it touches. */
export function describeTransaction(
  tx: { to: string | null; value: string; contractAddress: string | null },
  decoded: DecodedCall | null,
  token: TokenFacts | null,
): string {
  if (tx.to === null) return tx.contractAddress ? `Deploy contract ${tx.contractAddress}` : 'Contract creation';
  const label = token?.symbol ?? token?.name ?? 'tokens';
  const amount = (raw: string): string =>
    token && token.type === 'ERC20' ? `${formatUnits(BigInt(raw), token.decimals ?? 18)} ${label}` : `${raw} ${label}`;
  if (decoded === null) {
    if (BigInt(tx.value) > 0n) return `Transfer ${formatUnits(BigInt(tx.value), 18)} STO to ${tx.to}`;
    return `Call to ${tx.to}`;
  }
  const d = decoded;
  const nft = token !== null && (token.type === 'ERC721' || token.type === 'ERC1155');
  switch (d.functionSignature) {
    case 'transfer(address,uint256)':
      return `Transfer ${amount(param(d, 1))} to ${param(d, 0)}`;
    case 'approve(address,uint256)':
      return nft ? `Approve ${param(d, 0)} for ${label} #${param(d, 1)}` : `Approve ${param(d, 0)} to spend ${amount(param(d, 1))}`;
    case 'transferFrom(address,address,uint256)':
      return nft
        ? `Transfer ${label} #${param(d, 2)} from ${param(d, 0)} to ${param(d, 1)}`
        : `Transfer ${amount(param(d, 2))} from ${param(d, 0)} to ${param(d, 1)}`;
    case 'safeTransferFrom(address,address,uint256)':
    case 'safeTransferFrom(address,address,uint256,bytes)':
      return `Transfer ${label} #${param(d, 2)} from ${param(d, 0)} to ${param(d, 1)}`;
    case 'safeTransferFrom(address,address,uint256,uint256,bytes)':
      return `Transfer ${param(d, 3)} of ${label} #${param(d, 2)} from ${param(d, 0)} to ${param(d, 1)}`;
    case 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)':
      return `Batch transfer of ${label} ids [${param(d, 2)}] from ${param(d, 0)} to ${param(d, 1)}`;
    case 'setApprovalForAll(address,bool)':
      return `${param(d, 1) === 'true' ? 'Approve' : 'Revoke'} ${param(d, 0)} as operator for all ${label}`;
    case 'mint(address,uint256)':
      return nft ? `Mint ${label} #${param(d, 1)} to ${param(d, 0)}` : `Mint ${amount(param(d, 1))} to ${param(d, 0)}`;
    case 'burn(uint256)':
      return nft ? `Burn ${label} #${param(d, 0)}` : `Burn ${amount(param(d, 0))}`;
    case 'mint(address,uint256,uint256,bytes)':
      return `Mint ${param(d, 2)} of ${label} #${param(d, 1)} to ${param(d, 0)}`;
    case 'transferOwnership(address)':
      return `Transfer ownership of ${tx.to} to ${param(d, 0)}`;
    default:
      return `Call ${d.functionName} on ${tx.to}`;
  }
}
