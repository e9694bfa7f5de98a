// GET /address/{a}/approvals: the ERC-20 allowances and ERC-721 / ERC-1155 operator approvals an owner
// has in force, newest grant first, from the approvals index (sync/approvals.ts). OpenZeppelin 5 tokens lower an
// allowance in transferFrom without an Approval event, so the page's allowances are read again on chain
// (allowance(owner, spender), one batch, bounded in time): rows now zero are left out, and where the node does not
// answer in time the indexed value is served, marked as such.
import { isUnlimitedAllowance } from '../../../common/approvals.ts';
import { formatUnits } from '../../../common/units.ts';
import type { Router } from '../http/router.ts';
import { ownerApprovalsPage, type ApprovalRow } from '../store/queries/approvals.ts';
import type { ApiContext } from './context.ts';
import { addressApprovalsRoute } from './contract/address.ts';
import { readParams, readQuery, type AnswerOf } from './contract/route.ts';

/** Selector of allowance(address,address). */
const ALLOWANCE_SELECTOR = '0xdd62ed3e';
/** How long the on-chain allowances of one page may take before the indexed values are served instead. */
export const ALLOWANCE_READ_TIMEOUT_MS = 3_000;

/** Where an approval's value comes from: read on chain now, the last event (chain unreachable), or an operator flag. */
type ValueSource = 'chain' | 'indexed' | 'event';

/** An owner's approvals in force, newest grant first, a page of the index (names of the token and the spender joined). */
export async function ownerApprovals(ctx: ApiContext, owner: string, limit: number, offset: number): Promise<ApprovalRow[]> {
  return await ownerApprovalsPage(ctx.db, owner, limit, offset);
}

/** The word of an address argument. */
const word = (address: string): string => address.slice(2).padStart(64, '0');

/**
 * The current allowance of each row (null for operator rows), read in one JSON-RPC batch; null for the whole page when
 * the node fails or is slower than ALLOWANCE_READ_TIMEOUT_MS, and null for a row whose call reverted or answered garbage.
 */
export async function readAllowances(ctx: ApiContext, rows: readonly ApprovalRow[], timeoutMs = ALLOWANCE_READ_TIMEOUT_MS): Promise<(bigint | null)[] | null> {
  const calls = rows.flatMap((r, i) =>
    r.kind === 'allowance'
      ? [{ jsonrpc: '2.0', id: i, method: 'eth_call', params: [{ to: r.token, data: `${ALLOWANCE_SELECTOR}${word(r.owner)}${word(r.spender)}` }, 'latest'] }]
      : [],
  );
  const out: (bigint | null)[] = rows.map(() => null);
  if (calls.length === 0) return out;
  let answer: unknown;
  try {
    answer = await ctx.rpc.raw(calls, timeoutMs);
  } catch {
    return null;
  }
  if (!Array.isArray(answer)) return null;
  for (const item of answer as { id?: unknown; result?: unknown }[]) {
    const i = typeof item?.id === 'number' ? item.id : -1;
    if (rows[i]?.kind !== 'allowance' || typeof item.result !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(item.result)) continue;
    out[i] = BigInt(item.result);
  }
  return out;
}

/** An approval as served; indexPosition is its place in the owner's list (offset + row), which rows left out skip. */
function approvalJson(r: ApprovalRow, position: number, value: bigint | null, source: ValueSource): AnswerOf<typeof addressApprovalsRoute>[number] {
  const decimals = r.token_decimals ?? 0;
  return {
    indexPosition: position,
    owner: r.owner,
    tokenAddress: r.token,
    tokenName: r.token_name,
    tokenSymbol: r.token_symbol,
    tokenDecimals: r.kind === 'allowance' ? r.token_decimals : null,
    tokenType: r.token_type === 'none' ? null : r.token_type,
    kind: r.kind,
    spender: r.spender,
    spenderName: r.spender_verified ?? r.spender_contract ?? null,
    value: value === null ? null : value.toString(),
    valueFormatted: value === null ? null : isUnlimitedAllowance(value) ? 'Unlimited' : formatUnits(value, decimals),
    unlimited: value !== null && isUnlimitedAllowance(value),
    valueSource: source,
    blockNumber: r.block_number,
    logIndex: r.log_index,
    transactionHash: r.tx_hash,
    timestamp: r.timestamp,
  };
}

/** The approvals route. */
export function approvalRoutes(router: Router, ctx: ApiContext): void {
  // Each page reaches the node (one batch of eth_call): it spends from the RPC proxy's rate-limit class.
  router.get(addressApprovalsRoute.path, async ({ params, query }): Promise<AnswerOf<typeof addressApprovalsRoute>> => {
    const owner = readParams(addressApprovalsRoute, params).address;
    const { limit, offset } = readQuery(addressApprovalsRoute, query);
    const rows = await ownerApprovals(ctx, owner, limit, offset);
    const current = await readAllowances(ctx, rows);
    const out = [];
    for (const [i, r] of rows.entries()) {
      if (r.kind === 'operator') {
        out.push(approvalJson(r, offset + i, null, 'event'));
        continue;
      }
      const onChain = current?.[i] ?? null;
      // Spent (or lowered) to zero since the last Approval event: no longer in force.
      if (onChain === 0n) continue;
      out.push(onChain === null ? approvalJson(r, offset + i, BigInt(r.value), 'indexed') : approvalJson(r, offset + i, onChain, 'chain'));
    }
    return out;
  }, { limit: 'rpc' });
}
