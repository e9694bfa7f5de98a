import { extractTraits } from '../metadata/parse.ts';
import { unpad } from '../chain/num.ts';
import type { NftRow } from '../store/queries/nfts.ts';

function parsedMetadata(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * NFT item as served (name falls back to '{collection} #{id}' per the spec). The raw metadata document
 * is only included in details; inline data: token URIs are shortened to their media type.
 */
export function nftJson(n: NftRow, detail = false) {
  const tokenId = unpad(n.token_id);
  const metadata = parsedMetadata(n.metadata);
  const traits = metadata ? extractTraits(metadata) : [];
  const burned = n.token_type === 'ERC721' && n.owner === '0x0000000000000000000000000000000000000000';
  return {
    tokenAddress: n.token_address,
    tokenId,
    tokenType: n.token_type,
    name: n.name ?? `${n.collection_name ?? 'Unknown'} #${tokenId}`,
    description: n.description,
    image: n.image,
    imageUrl: n.image,
    attributes: traits,
    traits: traits.map((t) => ({ type: t.trait_type, value: t.value })),
    owner: n.token_type === 'ERC721' ? n.owner : null,
    ownerAddress: n.token_type === 'ERC721' ? n.owner : null,
    burned,
    supply: unpad(n.supply),
    creator: n.creator,
    mintTransaction: n.mint_tx,
    mintBlock: n.mint_block,
    createdAt: n.minted_at,
    collection: { address: n.token_address, name: n.collection_name, symbol: n.collection_symbol },
    collectionName: n.collection_name,
    metadataUri: n.metadata_uri !== null && /^data:/i.test(n.metadata_uri) ? n.metadata_uri.slice(0, n.metadata_uri.indexOf(',') + 1 || 64) + '…' : n.metadata_uri,
    metadataStatus: n.metadata_status,
    ...(detail ? { metadata } : {}),
    ...(n.balance !== undefined && n.balance !== null ? { balance: unpad(n.balance) } : {}),
  };
}
