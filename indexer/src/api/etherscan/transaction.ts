import type { TxRow } from '../../store/rows.ts';
import { transactionByHash } from '../../store/queries/transactions.ts';
import type { ApiContext } from '../context.ts';
import { revertReason } from '../transactions.ts';
import { ok, Refusal, type EtherscanModule, type EtherscanParams } from './core.ts';

// module=transaction of the Etherscan-compatible API: getstatus (with the decoded revert reason, found and cached as
// the transaction page's GET /transactions/{hash}/revert-reason does) and gettxreceiptstatus.

const NOT_FOUND = 'Error! Transaction not found';

async function findTx(ctx: ApiContext, p: EtherscanParams): Promise<TxRow> {
  const hash = p.txHash('txhash');
  const tx = await transactionByHash(ctx.db, hash);
  if (!tx) throw new Refusal(NOT_FOUND);
  return tx;
}

/** getstatus' errDescription of a failed transaction: its decoded reason, or Etherscan's plain "Reverted". */
async function errDescription(ctx: ApiContext, tx: TxRow): Promise<string> {
  const r = await revertReason(ctx, tx);
  if (r.kind === 'error' || r.kind === 'panic' || r.kind === 'custom' || r.kind === 'unknown') return r.reason ?? 'Reverted';
  return 'Reverted';
}

/** module=transaction. */
export const transactionModule: EtherscanModule = {
  actions: {
    getstatus: {
      summary: "A transaction's execution status: isError 0 or 1, and errDescription with the decoded revert reason",
      params: { txhash: 'the transaction hash' },
      async run(p, ctx) {
        const tx = await findTx(ctx, p);
        if (tx.status === 1) return ok({ isError: '0', errDescription: '' });
        return ok({ isError: '1', errDescription: await errDescription(ctx, tx) });
      },
    },
    gettxreceiptstatus: {
      summary: "A transaction's receipt status: 1 success, 0 failure",
      params: { txhash: 'the transaction hash' },
      async run(p, ctx) {
        const tx = await findTx(ctx, p);
        return ok({ status: tx.status === 1 ? '1' : '0' });
      },
    },
  },
};
