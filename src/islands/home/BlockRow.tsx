import { formatSto } from '../../lib/format/index.ts';
import { HOME_BLOCKS_ON_SMALL_SCREENS, type HomeBlockRow } from '../../lib/home/feed.ts';
import { blockUrl } from '../../lib/url/links.ts';
import { AddressText } from '../shared/AddressText.tsx';
import { AgeText } from '../shared/AgeText.tsx';

interface Props {
  block: HomeBlockRow;
  /** Position in the feed: rows past the 8th are hidden on small screens. */
  index: number;
  now: number;
}

/** One row of Latest Blocks: number, age, producer, transaction count and reward. */
export function BlockRow({ block, index, now }: Props) {
  const txs = block.transactionCount;
  return (
    <li data-test="home-block" className={`${index >= HOME_BLOCKS_ON_SMALL_SCREENS ? 'hidden sm:flex' : 'flex'} items-center gap-3 py-3 text-sm`}>
      <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-lg bg-indigo-50 text-xs font-bold text-indigo-700">
        Bk
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <a href={blockUrl(block.number)} data-test="block-number" className="font-semibold text-indigo-700 hover:underline">
            #{block.number.toLocaleString('en-US')}
          </a>
          <span className="text-xs">
            <AgeText timestamp={block.timestamp} now={now} />
          </span>
        </div>
        <div className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-700">
          <span>
            Mined by <AddressText address={block.miner} />
          </span>
          <span data-test="block-tx-count">
            {txs.toLocaleString('en-US')} {txs === 1 ? 'txn' : 'txns'}
          </span>
        </div>
      </div>
      <div className="shrink-0 text-right text-xs text-slate-800" title="Block reward">
        {block.reward === null ? '—' : `${formatSto(block.reward)} STO`}
      </div>
    </li>
  );
}
