import { optionalEnum, parseAddress, parsePaging } from '../http/params.ts';
import { HttpError, type Router } from '../http/router.ts';
import { PADDED_ZERO, percentage, unpadBigInt } from '../chain/num.ts';
import { formatUnits } from '../../../common/units.ts';
import type { ContractRow } from '../store/rows.ts';
import type { ApiContext } from './context.ts';
import { TRANSFER_SELECT, transferJson, type TransferWithToken } from './shapes.ts';

/** A token row (contracts of type ERC20, ERC721 or ERC1155): the columns TOKEN_COLUMNS selects. */
export type TokenRow = Omit<ContractRow, 'first_seen_block' | 'code_size'> & {
  /** 1 when the contract's source is verified here (selected by the token queries only). */
  verified?: number;
};

const TOKEN_COLUMNS = `address, creator, creation_tx, block_number, timestamp, contract_type, name, symbol, decimals,
  total_supply, owner, holder_count, transfer_count,
  CASE WHEN EXISTS (SELECT 1 FROM verified_contracts v WHERE v.address = contracts.address) THEN 1 ELSE 0 END AS verified`;

/** Token as served by /tokens and /tokens/{address}. */
export function tokenJson(t: TokenRow, supply = t.total_supply) {
  const decimals = t.contract_type === 'ERC20' ? t.decimals : 0;
  return {
    address: t.address,
    name: t.name,
    symbol: t.symbol,
    decimals,
    totalSupply: supply,
    totalSupplyFormatted: supply === null || decimals === null ? null : formatUnits(BigInt(supply), decimals),
    holders: t.holder_count,
    transfers: t.transfer_count,
    type: t.contract_type,
    contractType: t.contract_type,
    creatorAddress: t.creator,
    ownerAddress: t.owner,
    blockNumber: t.block_number,
    timestamp: t.timestamp,
    transactionHash: t.creation_tx,
    verified: t.verified === 1,
  };
}

/** The token at an address, or undefined when it is not a token. */
export async function findToken(ctx: ApiContext, address: string): Promise<TokenRow | undefined> {
  return await ctx.db.one<TokenRow>(`SELECT ${TOKEN_COLUMNS} FROM contracts WHERE address = ? AND contract_type != 'none'`, address);
}

/** Total supply used for percentages: totalSupply() for ERC-20, live items for NFTs. */
export async function effectiveSupply(ctx: ApiContext, t: TokenRow): Promise<string | null> {
  if (t.contract_type === 'ERC20') return t.total_supply;
  const row = await ctx.db.one<{ n: number }>(
    t.contract_type === 'ERC721'
      ? "SELECT count(*) AS n FROM nft_tokens WHERE token_address = ? AND owner != '0x0000000000000000000000000000000000000000'"
      : 'SELECT count(*) AS n FROM nft_tokens WHERE token_address = ? AND supply > ?',
    ...(t.contract_type === 'ERC721' ? [t.address] : [t.address, PADDED_ZERO]),
  );
  if (t.contract_type === 'ERC721') return String(row?.n ?? 0);
  // For ERC-1155 the holder shares are taken of the sum of all ids' supplies.
  const supplies = await ctx.db.all<{ supply: string }>('SELECT supply FROM nft_tokens WHERE token_address = ? AND supply > ?', t.address, PADDED_ZERO);
  return supplies.reduce((sum, s) => sum + unpadBigInt(s.supply), 0n).toString();
}

/** Holders of a token ordered by balance, with formatted balances and shares of the supply. */
export async function tokenHolders(ctx: ApiContext, t: TokenRow, opts: { limit: number; offset: number; asc: boolean }) {
  const rows = await ctx.db.all<{ holder: string; balance: string }>(
    `SELECT holder, balance FROM token_balances WHERE token_address = ? AND token_id = '' AND balance > ?
     ORDER BY balance ${opts.asc ? 'ASC' : 'DESC'}, holder LIMIT ? OFFSET ?`,
    t.address,
    PADDED_ZERO,
    opts.limit,
    opts.offset,
  );
  const supply = await effectiveSupply(ctx, t);
  const total = supply === null ? 0n : BigInt(supply);
  const decimals = t.contract_type === 'ERC20' ? (t.decimals ?? 18) : 0;
  return {
    supply,
    holders: rows.map((r) => {
      const balance = unpadBigInt(r.balance);
      return {
        address: r.holder,
        balance: balance.toString(),
        balanceFormatted: formatUnits(balance, decimals),
        percentage: percentage(balance, total),
      };
    }),
  };
}

const TYPES = ['ERC20', 'ERC721', 'ERC1155'] as const;

/** Token routes: list, detail, transfers, holders. */
export function tokenRoutes(router: Router, ctx: ApiContext): void {
  router.get('/tokens', async ({ query }) => {
    const { limit, offset } = parsePaging(query, { defaultLimit: 100 });
    const type = optionalEnum(query, 'type', TYPES);
    const rows = type
      ? await ctx.db.all<TokenRow>(
          `SELECT ${TOKEN_COLUMNS} FROM contracts WHERE contract_type = ? ORDER BY holder_count DESC, transfer_count DESC, address LIMIT ? OFFSET ?`,
          type,
          limit,
          offset,
        )
      : await ctx.db.all<TokenRow>(
          `SELECT ${TOKEN_COLUMNS} FROM contracts WHERE contract_type != 'none' ORDER BY holder_count DESC, transfer_count DESC, address LIMIT ? OFFSET ?`,
          limit,
          offset,
        );
    return rows.map((t) => tokenJson(t));
  });

  const token = async (raw: string | undefined): Promise<TokenRow> => {
    const t = await findToken(ctx, parseAddress(raw));
    if (!t) throw new HttpError(404, 'Token not found');
    return t;
  };

  router.get('/tokens/{address}', async ({ params }) => {
    const t = await token(params['address']);
    return tokenJson(t, t.contract_type === 'ERC20' ? t.total_supply : await effectiveSupply(ctx, t));
  });

  router.get('/tokens/{address}/transfers', async ({ params, query }) => {
    const { limit, offset } = parsePaging(query);
    const t = await token(params['address']);
    return (await ctx.db.all<TransferWithToken>(`${TRANSFER_SELECT} WHERE t.token_address = ? ORDER BY t.id DESC LIMIT ? OFFSET ?`, t.address, limit, offset))
      .map((row) => transferJson('list', row));
  });

  router.get('/tokens/{address}/holders', async ({ params, query }) => {
    const { limit, offset } = parsePaging(query);
    const asc = optionalEnum(query, 'order', ['asc', 'desc'] as const) === 'asc';
    const t = await token(params['address']);
    return (await tokenHolders(ctx, t, { limit, offset, asc })).holders;
  });
}
