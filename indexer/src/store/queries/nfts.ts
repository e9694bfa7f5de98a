import { PADDED_ZERO } from '../../chain/num.ts';
import { insertRows, selectIn, type Key } from '../bulk.ts';
import type { Queryable, SqlParam } from '../types.ts';
import type { TokenRow } from './tokens.ts';

// Reads and writes of NFTs (migrations/001_init.sql): nft_tokens (one row per ERC-721 or ERC-1155 item, with its owner
// or supply, kept by the ledger, and its metadata, fetched by the metadata queue) and the collections in contracts.

/** The owner of a burnt ERC-721 item. */
const BURNED = '0x0000000000000000000000000000000000000000';

/** A row of nft_tokens joined with its collection. */
export interface NftRow {
  token_address: string;
  token_id: string;
  token_type: string;
  owner: string | null;
  supply: string;
  creator: string | null;
  mint_tx: string | null;
  mint_block: number;
  minted_at: number | null;
  metadata_status: string;
  metadata_uri: string | null;
  metadata: string | null;
  name: string | null;
  description: string | null;
  image: string | null;
  collection_name: string | null;
  collection_symbol: string | null;
  balance?: string | null;
}

/** The SQL selecting NFT rows with their collection's name and symbol. */
const NFT_SELECT = `SELECT n.token_address, n.token_id, n.token_type, n.owner, n.supply, n.creator, n.mint_tx, n.mint_block,
  n.minted_at, n.metadata_status, n.metadata_uri, n.metadata, n.name, n.description, n.image,
  c.name AS collection_name, c.symbol AS collection_symbol
  FROM nft_tokens n LEFT JOIN contracts c ON c.address = n.token_address`;

/** Orders of collections and of a collection's items: latest transfer first, most owners, newest first. */
export type NftSort = 'trending' | 'top' | 'new';

const COLLECTION_ORDER: Readonly<Record<NftSort, string>> = {
  trending: '(SELECT max(tt.id) FROM token_transfers tt WHERE tt.token_address = contracts.address) DESC NULLS LAST, holder_count DESC, address',
  top: 'holder_count DESC, transfer_count DESC, address',
  new: 'block_number DESC, address',
};

// 'top' keeps the token-id order: the bundled indexer knows no prices to rank items by.
const ITEM_ORDER: Readonly<Record<NftSort, string>> = {
  trending: '(SELECT max(tt.id) FROM token_transfers tt WHERE tt.token_address = n.token_address AND tt.token_id = n.token_id) DESC NULLS LAST, n.token_id DESC',
  top: 'n.token_id',
  new: 'n.mint_block DESC, n.token_id DESC',
};

/** One page of NFT collections (ERC-721 and ERC-1155 contracts) in the given order. */
export function collectionsPage(db: Queryable, sort: NftSort, limit: number, offset: number): Promise<TokenRow[]> {
  return db.all<TokenRow>(
    `SELECT address, creator, creation_tx, block_number, timestamp, contract_type, name, symbol, decimals, total_supply, owner,
         holder_count, transfer_count FROM contracts WHERE contract_type IN ('ERC721', 'ERC1155')
       ORDER BY ${COLLECTION_ORDER[sort]} LIMIT ? OFFSET ?`,
    limit,
    offset,
  );
}

/** One page of a collection's items in the given order. */
export function collectionItems(db: Queryable, token: string, sort: NftSort, limit: number, offset: number): Promise<NftRow[]> {
  return db.all<NftRow>(`${NFT_SELECT} WHERE n.token_address = ? ORDER BY ${ITEM_ORDER[sort]} LIMIT ? OFFSET ?`, token, limit, offset);
}

/** One item of a collection, by padded id. */
export function nftItem(db: Queryable, token: string, tokenId: string): Promise<NftRow | undefined> {
  return db.one<NftRow>(`${NFT_SELECT} WHERE n.token_address = ? AND n.token_id = ?`, token, tokenId);
}

/** Number of live items of a collection (ERC-721 not burnt, ERC-1155 ids with supply). */
export async function liveItemCount(db: Queryable, token: string, tokenType: string): Promise<number> {
  const row =
    tokenType === 'ERC721'
      ? await db.one<{ n: number }>('SELECT count(*) AS n FROM nft_tokens WHERE token_address = ? AND owner != ?', token, BURNED)
      : await db.one<{ n: number }>('SELECT count(*) AS n FROM nft_tokens WHERE token_address = ? AND supply > ?', token, PADDED_ZERO);
  return row?.n ?? 0;
}

/** The metadata documents (JSON) of up to `limit` live items of a collection that have one. */
export async function liveItemMetadata(db: Queryable, token: string, tokenType: string, limit: number): Promise<string[]> {
  const live = tokenType === 'ERC721' ? 'owner != ?' : 'supply > ?';
  const rows = await db.all<{ metadata: string }>(
    `SELECT metadata FROM nft_tokens WHERE token_address = ? AND ${live} AND metadata IS NOT NULL LIMIT ?`,
    token,
    tokenType === 'ERC721' ? BURNED : PADDED_ZERO,
    limit,
  );
  return rows.map((r) => r.metadata);
}

/** The ten largest holders of one ERC-1155 id (padded balances above zero). */
export function itemHolders(db: Queryable, token: string, tokenId: string): Promise<{ holder: string; balance: string }[]> {
  return db.all<{ holder: string; balance: string }>(
    `SELECT holder, balance FROM token_balances WHERE token_address = ? AND token_id = ? AND balance > ?
       ORDER BY balance DESC, holder LIMIT 10`,
    token,
    tokenId,
    PADDED_ZERO,
  );
}

/**
 * The live items of a collection as a token's supply counts them (ERC-721 not burnt, ERC-1155 ids with supply): the
 * same count as liveItemCount, in the statement the token pages have always sent.
 */
export async function supplyItemCount(db: Queryable, token: string, tokenType: string): Promise<number | undefined> {
  const row = await db.one<{ n: number }>(
    tokenType === 'ERC721'
      ? "SELECT count(*) AS n FROM nft_tokens WHERE token_address = ? AND owner != '0x0000000000000000000000000000000000000000'"
      : 'SELECT count(*) AS n FROM nft_tokens WHERE token_address = ? AND supply > ?',
    ...(tokenType === 'ERC721' ? [token] : [token, PADDED_ZERO]),
  );
  return row?.n;
}

/** The supplies (padded) of an ERC-1155 collection's ids that have any. */
export async function idSupplies(db: Queryable, token: string): Promise<string[]> {
  return (await db.all<{ supply: string }>('SELECT supply FROM nft_tokens WHERE token_address = ? AND supply > ?', token, PADDED_ZERO)).map((r) => r.supply);
}

/** The items with a padded id in the collection at an address (at most one). */
export function nftsById(db: Queryable, token: string, tokenId: string): Promise<NftRow[]> {
  return db.all<NftRow>(`${NFT_SELECT} WHERE n.token_address = ? AND n.token_id = ?`, token, tokenId);
}

/** Up to `limit` items with a padded id in the collections named or symbolled `collection` (any case). */
export function nftsByCollectionName(db: Queryable, collection: string, tokenId: string, limit: number): Promise<NftRow[]> {
  return db.all<NftRow>(
    `${NFT_SELECT} WHERE n.token_id = ? AND n.token_address IN (SELECT address FROM contracts
             WHERE contract_type IN ('ERC721', 'ERC1155') AND (lower(name) = lower(?) OR lower(symbol) = lower(?))) LIMIT ?`,
    tokenId,
    collection,
    collection,
    limit,
  );
}

/** Up to `limit` items named `name` (any case). */
export function nftsByName(db: Queryable, name: string, limit: number): Promise<NftRow[]> {
  return db.all<NftRow>(`${NFT_SELECT} WHERE n.name = ? COLLATE NOCASE LIMIT ?`, name, limit);
}

/** One page of the NFTs an address holds: ERC-721 items it owns and ERC-1155 ids with a positive balance (`balance`). */
export function heldNfts(db: Queryable, address: string, limit: number, offset: number, token: string | null): Promise<NftRow[]> {
  const tokenFilter = token ? 'AND n.token_address = ?' : '';
  return db.all<NftRow>(
    `SELECT * FROM (
       ${NFT_SELECT.replace('SELECT ', 'SELECT NULL AS balance, ')} WHERE n.owner = ? AND n.token_type = 'ERC721' ${tokenFilter}
       UNION ALL
       ${NFT_SELECT.replace('SELECT ', 'SELECT b.balance AS balance, ')}
         JOIN token_balances b ON b.token_address = n.token_address AND b.token_id = n.token_id
         WHERE b.holder = ? AND b.balance > ? ${tokenFilter.replace('n.token_address', 'b.token_address')}
     ) AS held ORDER BY token_address, token_id LIMIT ? OFFSET ?`,
    ...(token ? [address, token] : [address]),
    ...(token ? [address, PADDED_ZERO, token] : [address, PADDED_ZERO]),
    limit,
    offset,
  );
}

/** Number of ERC-721 items an address owns. */
export async function ownedErc721Count(db: Queryable, owner: string): Promise<number> {
  return (await db.one<{ n: number }>("SELECT count(*) AS n FROM nft_tokens WHERE owner = ? AND token_type = 'ERC721'", owner))?.n ?? 0;
}

/** An item whose metadata is still to be fetched. */
export interface PendingMetadataRow {
  token_address: string;
  token_id: string;
  token_type: string;
  metadata_attempts: number;
}

/** Up to `limit` items whose metadata is pending, fewest attempts first, then oldest mint first. */
export function pendingMetadata(db: Queryable, limit: number): Promise<PendingMetadataRow[]> {
  return db.all<PendingMetadataRow>(
    `SELECT token_address, token_id, token_type, metadata_attempts FROM nft_tokens
         WHERE metadata_status = 'pending' ORDER BY metadata_attempts, mint_block LIMIT ?`,
    limit,
  );
}

/** Notes a failed metadata attempt of an item (it stays pending). */
export async function noteMetadataAttempt(db: Queryable, token: string, tokenId: string, attempts: number, error: string): Promise<void> {
  await db.run('UPDATE nft_tokens SET metadata_attempts = ?, metadata_error = ? WHERE token_address = ? AND token_id = ?', attempts, error, token, tokenId);
}

/** What a finished metadata fetch stores of an item. */
export interface MetadataOutcome {
  status: string;
  uri: string | null;
  /** The document, JSON. */
  metadata: string | null;
  name: string | null;
  description: string | null;
  image: string | null;
  error: string | null;
}

/** Stores the outcome of an item's metadata fetch. */
export async function storeMetadata(db: Queryable, token: string, tokenId: string, m: MetadataOutcome): Promise<void> {
  await db.run(
    `UPDATE nft_tokens SET metadata_status = ?, metadata_uri = ?, metadata = ?, name = ?, description = ?, image = ?,
         metadata_error = ? WHERE token_address = ? AND token_id = ?`,
    m.status,
    m.uri,
    m.metadata,
    m.name,
    m.description,
    m.image,
    m.error,
    token,
    tokenId,
  );
}

/** An item's owner (ERC-721) and supply (padded). */
export interface NftStateRow {
  token_address: string;
  token_id: string;
  owner: string | null;
  supply: string;
}

/** The owner and supply of the given (token, token_id) items that are stored, in IN-list chunks. */
export function nftStates(db: Queryable, keys: readonly Key[]): Promise<NftStateRow[]> {
  return selectIn<NftStateRow>(db, 'SELECT token_address, token_id, owner, supply FROM nft_tokens WHERE (token_address, token_id) IN (?)', [], keys);
}

/** Sets a stored item's owner and supply. */
export async function setNftState(db: Queryable, token: string, tokenId: string, owner: string | null, supply: string): Promise<void> {
  await db.run('UPDATE nft_tokens SET owner = ?, supply = ? WHERE token_address = ? AND token_id = ?', owner, supply, token, tokenId);
}

/**
 * Writes items in bulk: rows of (token_address, token_id, token_type, owner, supply, creator, mint_tx, mint_block,
 * minted_at); an item stored before keeps its type and mint fields (only owner and supply are updated).
 */
export function upsertNfts(db: Queryable, rows: readonly SqlParam[][]): Promise<void> {
  return insertRows(
    db,
    'nft_tokens',
    ['token_address', 'token_id', 'token_type', 'owner', 'supply', 'creator', 'mint_tx', 'mint_block', 'minted_at'],
    rows,
    ' ON CONFLICT (token_address, token_id) DO UPDATE SET owner = excluded.owner, supply = excluded.supply',
  );
}
