import type { ReactNode } from 'react';
import { formatSto, formatUsd } from '../lib/format/index.ts';
import { formatTps, payoutUsdEstimate, type HomeBaseline } from '../lib/home/feed.ts';
import type { NetworkStats } from '../lib/model/types.ts';
import { blockUrl } from '../lib/url/links.ts';
import { useHomeFeed } from './home/use-home-feed.ts';

interface Props {
  /** The server's network statistics; null when it could not load them (the store loads them). */
  stats: NetworkStats | null;
  baseline: HomeBaseline;
}

const NONE = '—';

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/** Network Statistics: Latest Block, Transactions with TPS, Holders, Validators Payout and its dollars. */
export default function HomeStats({ stats, baseline }: Props) {
  const feed = useHomeFeed(baseline);
  const s = feed.stats ?? stats;
  return (
    <dl className="grid grid-cols-2 gap-3">
      <Stat label="Latest Block">
        {s ? (
          <a href={blockUrl(s.latestBlock)} data-test="stat-latest-block" className="text-indigo-700 hover:underline">
            {s.latestBlock.toLocaleString('en-US')}
          </a>
        ) : (
          <span data-test="stat-latest-block">{NONE}</span>
        )}
      </Stat>
      <Stat label="Transactions">
        <span data-test="stat-transactions" title={s?.totalTransactionsEstimated ? 'Estimated: 2 × latest block' : undefined}>
          {s ? s.totalTransactions.toLocaleString('en-US') : NONE}
        </span>
        <span className="ml-2 text-xs font-medium text-slate-600">
          TPS: <span data-test="stat-tps">{s ? formatTps(s.tps) : NONE}</span>
        </span>
      </Stat>
      <Stat label="Holders">
        <span data-test="stat-holders">{s ? s.totalHolders.toLocaleString('en-US') : NONE}</span>
      </Stat>
      <Stat label="Validators Payout">
        <span data-test="stat-payout">{s ? `${formatSto(s.validatorsPayout.raw)} STO` : NONE}</span>
        <span className="block text-xs font-medium text-slate-600">
          ≈ <span data-test="stat-payout-usd">{s ? formatUsd(payoutUsdEstimate(s.validatorsPayout.raw)) : NONE}</span>
        </span>
      </Stat>
    </dl>
  );
}
