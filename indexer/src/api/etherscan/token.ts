import type { ApiContext } from '../context.ts';
import { effectiveSupply, findToken, tokenHolders, type TokenRow } from '../tokens.ts';
import { list, MESSAGES, ok, Refusal, type EtherscanModule, type EtherscanParams } from './core.ts';

// module=token of the Etherscan-compatible API: tokeninfo, tokenholderlist, tokenholdercount. Etherscan charges for
// these; here they are free. Names and symbols are returned as the token's contract answered them (JSON escaping only).

/** The answer for an address that is not a token this indexer has seen. */
export const TOKEN_NOT_FOUND = 'Error! Token not found';

/** The token named by `contractaddress`: malformed → "Error! Invalid address format", not a token → TOKEN_NOT_FOUND. */
export async function tokenParam(p: EtherscanParams, ctx: ApiContext): Promise<TokenRow> {
  const token = await findToken(ctx, p.address('contractaddress'));
  if (!token) throw new Refusal(TOKEN_NOT_FOUND);
  return token;
}

/**
 * The token's total supply as a decimal string: totalSupply() at the last block that minted or burnt (ERC-20), the
 * live items (ERC-721) or the sum of every id's supply (ERC-1155); "0" when the contract does not answer totalSupply().
 */
export async function supplyOf(ctx: ApiContext, t: TokenRow): Promise<string> {
  return (await effectiveSupply(ctx, t)) ?? '0';
}

/** What Etherscan's tokeninfo carries about a project that this explorer does not know: empty strings. */
const PROJECT_FIELDS = [
  'description',
  'website',
  'email',
  'blog',
  'reddit',
  'slack',
  'facebook',
  'twitter',
  'bitcointalk',
  'github',
  'telegram',
  'wechat',
  'linkedin',
  'discord',
  'whitepaper',
] as const;

/** module=token. */
export const tokenModule: EtherscanModule = {
  actions: {
    tokeninfo: {
      summary:
        "A token's name, symbol, decimals (divisor), type (ERC20, ERC721, ERC1155) and total supply, in a one-entry list with Etherscan's " +
        'fields; the project fields (website, social links, blueCheckmark "false", tokenPriceUSD) are empty: this explorer does not collect them',
      params: { contractaddress: 'the token contract' },
      async run(p, ctx) {
        const t = await tokenParam(p, ctx);
        return ok([
          {
            contractAddress: t.address,
            tokenName: t.name ?? '',
            symbol: t.symbol ?? '',
            divisor: String(t.contract_type === 'ERC20' ? (t.decimals ?? 0) : 0),
            tokenType: t.contract_type,
            totalSupply: await supplyOf(ctx, t),
            blueCheckmark: 'false',
            ...Object.fromEntries(PROJECT_FIELDS.map((f) => [f, ''])),
            tokenPriceUSD: '',
          },
        ]);
      },
    },
    tokenholderlist: {
      summary:
        "A token's holders by balance, largest first, with their balances in raw units (TokenHolderAddress, TokenHolderQuantity); " +
        'an NFT holder\'s quantity is the number of items (ERC-721) or of units over every id (ERC-1155)',
      params: { contractaddress: 'the token contract', page: 'page number, from 1', offset: 'holders a page (default and at most 10,000)' },
      async run(p, ctx) {
        const { offset, skip } = p.paging();
        const t = await tokenParam(p, ctx);
        const { holders } = await tokenHolders(ctx, t, { limit: offset, offset: skip, asc: false });
        return list(
          holders.map((h) => ({ TokenHolderAddress: h.address, TokenHolderQuantity: h.balance })),
          MESSAGES.noRecords,
        );
      },
    },
    tokenholdercount: {
      summary: 'How many addresses hold a positive balance of a token, as a decimal string',
      params: { contractaddress: 'the token contract' },
      async run(p, ctx) {
        const t = await tokenParam(p, ctx);
        return ok(String(t.holder_count));
      },
    },
  },
};
