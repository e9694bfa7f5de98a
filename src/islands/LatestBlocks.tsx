import type { HomeBaseline, HomeBlockRow } from '../lib/home/feed.ts';
import { resetNewBlocks } from '../lib/home/store.ts';
import { BlockRow } from './home/BlockRow.tsx';
import { FeedCard } from './home/FeedCard.tsx';
import { useHomeFeed } from './home/use-home-feed.ts';

interface Props {
  /** The server's latest blocks; null when it could not load them (the store loads them). */
  blocks: HomeBlockRow[] | null;
  baseline: HomeBaseline;
}

/** Latest Blocks on the home page: the 11 newest blocks, live from the tab's stream, with '+N new'. */
export default function LatestBlocks({ blocks, baseline }: Props) {
  const feed = useHomeFeed(baseline);
  const shown = feed.blocks ?? blocks;
  const now = feed.now ?? baseline.renderedAt;
  return (
    <FeedCard title="Latest Blocks" test="latest-blocks" feed="blocks" arrived={feed.newBlocks} onViewAll={resetNewBlocks}>
      {shown === null ? (
        <p className="py-6 text-center text-sm text-slate-600">Loading blocks...</p>
      ) : shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">No blocks found.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {shown.map((block, index) => (
            <BlockRow key={block.hash} block={block} index={index} now={now} />
          ))}
        </ul>
      )}
    </FeedCard>
  );
}
