import { BlockRow } from './home/BlockRow.tsx';
import { HomeCard } from './home/HomeCard.tsx';
import { NewBadge } from './home/NewBadge.tsx';
import { ViewAll } from './home/ViewAll.tsx';
import { useHomeFeed } from './home/use-home-feed.ts';
import type { HomeBaseline } from '../lib/stores/home-feed.ts';
import { resetNewBlocks } from '../lib/stores/home.ts';
import type { Block } from '../lib/types.ts';

interface Props {
  /** The server's 11 latest blocks; null when it could not load them. */
  blocks: Block[] | null;
  baseline: HomeBaseline;
}

/** Latest Blocks: the 11 newest blocks (9th–11th hidden on small screens), live, with a '+N new' badge. */
export default function HomeBlocks({ blocks, baseline }: Props) {
  const feed = useHomeFeed(baseline);
  const shown = feed.blocks ?? blocks;
  const now = feed.now ?? baseline.renderedAt;
  return (
    <HomeCard
      title="Latest Blocks"
      test="latest-blocks"
      actions={
        <>
          <NewBadge count={feed.newBlocks} test="new-blocks-badge" />
          <ViewAll href="/blocks" what="blocks" onClick={resetNewBlocks} test="view-all-blocks" />
        </>
      }
    >
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
    </HomeCard>
  );
}
