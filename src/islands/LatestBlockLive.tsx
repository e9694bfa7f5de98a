import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { refreshAges } from '../lib/blocks/ages.ts';
import { newBlocksText } from '../lib/blocks/messages.ts';
import { $blocksReorg, $latestBlock, seedLatestBlock } from '../lib/stores/blocks.ts';
import { blockUrl } from '../lib/url/links.ts';

interface Props {
  /** The newest block the page lists; null when the indexer gave none. */
  latest: number | null;
  /** Indexer base URL of the browser's stream (and of its polling when there is none). */
  indexerUrl: string;
  /** Page 1 tells the visitor when newer blocks exist; other pages only update the number. */
  announceNew: boolean;
  /** Where 'Show new blocks' leads (page 1 of the current filters). */
  refreshHref: string;
}

/**
 * The block list's Latest Block and, on page 1, its new-blocks badge, live from $latestBlock (the tab's
 * stream, or a 30 s poll without one). The listed rows are server HTML: their ages follow each new block.
 */
export default function LatestBlockLive({ latest, indexerUrl, announceNew, refreshHref }: Props) {
  // Seeded before the store is subscribed to below (effects run in order), so its first poll knows the indexer.
  useEffect(() => seedLatestBlock(indexerUrl, latest), [indexerUrl, latest]);
  const known = useStore($latestBlock, { ssr: 'initial' }) ?? latest;
  const reorg = useStore($blocksReorg, { ssr: 'initial' });
  useEffect(() => {
    if (known !== latest) refreshAges(document);
  }, [known, latest]);
  const badge = announceNew ? newBlocksText(latest, known, reorg) : null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="flex items-baseline gap-2 text-sm text-slate-700">
        <span>Latest Block</span>
        {known === null ? (
          <span className="font-semibold text-slate-900" data-test="latest-block">
            —
          </span>
        ) : (
          <a href={blockUrl(known)} className="font-semibold text-indigo-700 hover:underline" data-test="latest-block">
            {known.toLocaleString('en-US')}
          </a>
        )}
      </p>
      <p aria-live="polite" className="text-sm">
        <span
          hidden={badge === null}
          data-test="new-blocks"
          className="inline-flex items-center gap-2 rounded-full bg-indigo-50 px-3 py-1 font-medium text-indigo-800 ring-1 ring-inset ring-indigo-600/20"
        >
          <span>{badge}</span>
          <a href={refreshHref} className="underline hover:no-underline">
            Show new blocks
          </a>
        </span>
      </p>
    </div>
  );
}
