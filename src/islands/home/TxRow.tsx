import { formatTxValue, shortenHash } from '../../lib/format/index.ts';
import type { HomeTxRow } from '../../lib/home/feed.ts';
import { txCardKind } from '../../lib/transactions/kind.ts';
import { txUrl } from '../../lib/url/links.ts';
import { AddressText } from '../shared/AddressText.tsx';
import { AgeText } from '../shared/AgeText.tsx';
import { StatusPill } from '../shared/StatusPill.tsx';

/** One row of Latest Transactions: hash, kind label, status, sender and recipient, value (up to 8 decimals) and age. */
export function TxRow({ tx, now }: { tx: HomeTxRow; now: number }) {
  return (
    <li data-test="home-transaction" className="flex flex-col gap-1 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <a href={txUrl(tx.hash)} title={tx.hash} data-test="tx-hash" className="font-mono text-indigo-700 hover:underline">
          {shortenHash(tx.hash)}
        </a>
        <span data-test="tx-kind" className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-800">
          {txCardKind(tx)}
        </span>
        <StatusPill status={tx.status} />
        <span className="ml-auto text-xs">
          <AgeText timestamp={tx.timestamp} now={now} />
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700">
        <span>
          From <AddressText address={tx.from} />
        </span>
        <span aria-hidden="true">→</span>
        <span>
          To <AddressText address={tx.to} fallback="[Contract Creation]" />
        </span>
        <span data-test="tx-value" className="ml-auto font-medium text-slate-900">
          {formatTxValue(tx.value, 'card')} STO
        </span>
      </div>
    </li>
  );
}
