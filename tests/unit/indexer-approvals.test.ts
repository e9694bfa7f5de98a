// The approvals in force, as the sync keeps them: the last event per (owner, token, spender, kind) wins, a zero or a
// false removes the row, ERC-721's single-token Approval is no allowance, and a reorg brings back what was in force
// before the fork. Driven by a table of blocks of events on SQLite in memory (the route's test runs both backends).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnlimitedAllowance, UNLIMITED_ALLOWANCE_FROM } from '../../common/approvals.ts';
import { openSqlite } from '../../indexer/src/store/sqlite.ts';
import type { Store } from '../../indexer/src/store/types.ts';
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC, ApprovalBatch, parseApprovalLog } from '../../indexer/src/sync/approvals.ts';
import { approvalState, MAX, NFT, OP, OWNER, rollbackTestBlocks, SPENDER_A as S1, SPENDER_B as S2, TOKEN, word, writeTestBlock, type TestLog } from '../approvals-chain.ts';

describe('parseApprovalLog', () => {
  it.each([
    ['ERC-20 Approval', { address: TOKEN.toUpperCase().replace('0X', '0x'), topics: [APPROVAL_TOPIC, word(OWNER), word(S1)], data: word('0x64') }, { owner: OWNER, token: TOKEN, spender: S1, kind: 'allowance', value: 100n }],
    ['ApprovalForAll true', { address: NFT, topics: [APPROVAL_FOR_ALL_TOPIC, word(OWNER), word(OP)], data: word('0x1') }, { owner: OWNER, token: NFT, spender: OP, kind: 'operator', value: 1n }],
    ['ApprovalForAll false', { address: NFT, topics: [APPROVAL_FOR_ALL_TOPIC, word(OWNER), word(OP)], data: word('0x0') }, { owner: OWNER, token: NFT, spender: OP, kind: 'operator', value: 0n }],
    ['ERC-721 Approval (token id as a fourth topic)', { address: NFT, topics: [APPROVAL_TOPIC, word(OWNER), word(S1), word('0x7')], data: '0x' }, null],
    ['ApprovalForAll with a non-bool word', { address: NFT, topics: [APPROVAL_FOR_ALL_TOPIC, word(OWNER), word(OP)], data: word('0x2') }, null],
    ['Approval without its data word', { address: TOKEN, topics: [APPROVAL_TOPIC, word(OWNER), word(S1)], data: '0x' }, null],
    ['an owner topic that is no address', { address: TOKEN, topics: [APPROVAL_TOPIC, `0x${'f'.repeat(64)}`, word(S1)], data: word('0x1') }, null],
    ['another event', { address: TOKEN, topics: [`0x${'1'.repeat(64)}`, word(OWNER), word(S1)], data: word('0x1') }, null],
  ])('%s', (_name, log, expected) => {
    expect(parseApprovalLog(log)).toEqual(expected);
  });
});

describe('ApprovalBatch', () => {
  it('keeps the last event of each key in a batch, and a zero as a removal', () => {
    const batch = new ApprovalBatch();
    const place = (logIndex: number) => ({ blockNumber: 5, logIndex, txHash: `0x${'a'.repeat(64)}`, timestamp: 50 });
    batch.add({ address: TOKEN, topics: [APPROVAL_TOPIC, word(OWNER), word(S1)], data: word('0x64') }, place(0));
    batch.add({ address: TOKEN, topics: [APPROVAL_TOPIC, word(OWNER), word(S1)], data: word('0x32') }, place(1));
    batch.add({ address: TOKEN, topics: [APPROVAL_TOPIC, word(OWNER), word(S2)], data: word('0x5') }, place(2));
    batch.add({ address: TOKEN, topics: [APPROVAL_TOPIC, word(OWNER), word(S2)], data: word('0x0') }, place(3));
    const { touched, rows } = batch.result();
    expect(touched).toHaveLength(2);
    expect(rows).toEqual([[OWNER, TOKEN, S1, 'allowance', '50', 5, 1, `0x${'a'.repeat(64)}`, 50]]);
  });
});

/** Blocks of events and the state after each (token spender kind value @block), then a reorg and its replacement. */
const BLOCKS: { block: number; logs: TestLog[]; after: string[] }[] = [
  {
    block: 1,
    logs: [{ approve: [TOKEN, OWNER, S1, 100n] }, { forAll: [NFT, OWNER, OP, true] }],
    after: ['e2 b1 allowance 100 @1', 'f7 c1 operator 1 @1'],
  },
  {
    block: 2,
    logs: [{ approve: [TOKEN, OWNER, S1, 50n] }, { approve: [TOKEN, OWNER, S2, MAX] }, { nftApprove: [NFT, OWNER, S2, 7n] }],
    after: ['e2 b1 allowance 50 @2', `e2 b2 allowance ${MAX} @2`, 'f7 c1 operator 1 @1'],
  },
  {
    block: 3,
    logs: [{ approve: [TOKEN, OWNER, S1, 0n] }, { forAll: [NFT, OWNER, OP, false] }],
    after: [`e2 b2 allowance ${MAX} @2`],
  },
  { block: 4, logs: [], after: [`e2 b2 allowance ${MAX} @2`] },
];

describe('approvals in force, block by block, through a reorg', () => {
  let db: Store;
  beforeAll(() => {
    db = openSqlite(':memory:');
  });
  afterAll(() => db.close());

  it.each(BLOCKS)('after block $block', async ({ block, logs, after }) => {
    await writeTestBlock(db, block, logs);
    expect(await approvalState(db, OWNER)).toEqual(after);
  });

  it('a reorg from block 2 brings back block 1\'s grants (revoked in 3, lowered in 2) and drops 2\'s', async () => {
    await rollbackTestBlocks(db, 2);
    expect(await approvalState(db, OWNER)).toEqual(['e2 b1 allowance 100 @1', 'f7 c1 operator 1 @1']);
  });

  it('the replacing block applies on top of what was kept', async () => {
    await writeTestBlock(db, 2, [{ approve: [TOKEN, OWNER, S2, 7n] }, { forAll: [NFT, OWNER, OP, false] }], 5);
    expect(await approvalState(db, OWNER)).toEqual(['e2 b1 allowance 100 @1', 'e2 b2 allowance 7 @2']);
  });

  it('a reorg of every block leaves nothing', async () => {
    await rollbackTestBlocks(db, 1);
    expect(await approvalState(db, OWNER)).toEqual([]);
  });
});

describe('Unlimited', () => {
  it.each([
    [MAX, true],
    [MAX - 12_345n, true],
    [UNLIMITED_ALLOWANCE_FROM, true],
    [UNLIMITED_ALLOWANCE_FROM - 1n, false],
    [10n ** 30n, false],
    [0n, false],
  ])('%s → %s', (value, unlimited) => {
    expect(isUnlimitedAllowance(value)).toBe(unlimited);
  });
});
