import { optionalInt, parseAddress, parsePaging } from '../http/params.ts';
import { HttpError, Reply, type Router } from '../http/router.ts';
import { formatUnits } from '../num.ts';
import { ROW_ID_BLOCK } from '../writer.ts';
import { nativeBalance } from './accounts.ts';
import type { ApiContext } from './context.ts';
import { decodeEvent, eventTopic } from './events.ts';
import { logJson, type LogRow } from './shapes.ts';

interface ContractRow {
  address: string;
  creator: string | null;
  creation_tx: string | null;
  block_number: number | null;
  timestamp: number | null;
  first_seen_block: number;
  contract_type: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  total_supply: string | null;
  owner: string | null;
  code_size: number | null;
  holder_count: number;
  transfer_count: number;
}

const NOT_VERIFIED = { error: 'Contract is not verified' };

/** Contract routes: details, creation, verification status (unverified until verification exists), events. */
export function contractRoutes(router: Router, ctx: ApiContext): void {
  const find = (raw: string | undefined): ContractRow => {
    const address = parseAddress(raw);
    const row = ctx.stmts.one<ContractRow>('SELECT * FROM contracts WHERE address = ?', address);
    if (!row) throw new HttpError(404, 'Contract not found');
    return row;
  };

  router.get('/contracts/{address}', async ({ params }) => {
    const c = find(params['address']);
    const balance = await nativeBalance(ctx, c.address);
    const isToken = c.contract_type !== 'none';
    return {
      address: c.address,
      creatorAddress: c.creator,
      ownerAddress: c.owner,
      blockNumber: c.block_number,
      timestamp: c.timestamp,
      transactionHash: c.creation_tx,
      firstSeenBlock: c.first_seen_block,
      contractType: c.contract_type,
      type: c.contract_type,
      contractName: c.name,
      name: c.name,
      symbol: c.symbol,
      decimals: c.contract_type === 'ERC20' ? c.decimals : isToken ? 0 : null,
      totalSupply: c.total_supply,
      balance: balance.toString(),
      balanceFormatted: formatUnits(balance, 18),
      codeSize: c.code_size,
      holderCount: isToken ? c.holder_count : null,
      transferCount: isToken ? c.transfer_count : null,
      verified: false,
    };
  });

  router.get('/contracts/{address}/creation', ({ params }) => {
    const c = find(params['address']);
    return { creator: c.creator, transactionHash: c.creation_tx, blockNumber: c.block_number, timestamp: c.timestamp };
  });

  router.get('/contracts/{address}/verified', ({ params }) => {
    parseAddress(params['address']);
    return { verified: false };
  });

  for (const suffix of ['abi', 'source', 'verification']) {
    router.get(`/contracts/{address}/${suffix}`, ({ params }) => {
      parseAddress(params['address']);
      return new Reply(404, NOT_VERIFIED);
    });
  }

  router.get('/contracts/{address}/events', ({ params, query }) => {
    const address = parseAddress(params['address']);
    const { limit, offset } = parsePaging(query);
    const fromBlock = optionalInt(query, 'fromBlock', 0, 0, Number.MAX_SAFE_INTEGER / ROW_ID_BLOCK - 1);
    const toBlock = optionalInt(query, 'toBlock', Math.floor(Number.MAX_SAFE_INTEGER / ROW_ID_BLOCK) - 2, 0, Number.MAX_SAFE_INTEGER / ROW_ID_BLOCK - 1);
    if (fromBlock > toBlock) throw new HttpError(400, 'Invalid range: fromBlock is after toBlock');
    const c = find(address);
    const name = query.get('eventName');
    let topic: string | null = null;
    if (name !== null && name.trim() !== '') {
      topic = eventTopic(name);
      if (topic === null) return [];
    }
    const range = [c.address, fromBlock * ROW_ID_BLOCK, (toBlock + 1) * ROW_ID_BLOCK] as const;
    const rows = topic
      ? ctx.stmts.all<LogRow>(
          'SELECT * FROM logs WHERE address = ? AND id >= ? AND id < ? AND topic0 = ? ORDER BY id DESC LIMIT ? OFFSET ?',
          ...range,
          topic,
          limit,
          offset,
        )
      : ctx.stmts.all<LogRow>('SELECT * FROM logs WHERE address = ? AND id >= ? AND id < ? ORDER BY id DESC LIMIT ? OFFSET ?', ...range, limit, offset);
    return rows.map((l) => {
      const json = logJson(l);
      return { ...json, ...decodeEvent(json.topics, json.data) };
    });
  });
}
