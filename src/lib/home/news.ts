import type { ExternalLinks } from '../url/links.ts';

/** One news carousel item. */
export interface NewsItem {
  title: string;
  text: string;
  href: string;
  /** 'Swap Here →' on the first item, 'Learn More →' on the others. */
  linkText: string;
  /** External pages open in a new tab. */
  external: boolean;
}

/** Seconds between carousel rotations. */
export const NEWS_ROTATION_MS = 10_000;

const SWAP = 'Swap Here →';
const LEARN = 'Learn More →';

/** The six news items, linking to the configured external pages or to the site's own pages. */
export function newsItems(links: ExternalLinks): NewsItem[] {
  const items: Omit<NewsItem, 'linkText' | 'external'>[] = [
    {
      title: 'STO Swap is live',
      text: 'Trade STO and tokens of the STO chain in the dApp, with priority-based gas fees that keep standard swaps cheap.',
      href: links.dapp,
    },
    {
      title: 'Neural network gas optimization',
      text: 'The on-chain neural network now predicts block heights and tunes gas fees as blocks arrive. Follow it on the AI dashboard.',
      href: '/ai-dashboard',
    },
    {
      title: 'Build on the STO chain',
      text: 'Guides, RPC endpoints and contract verification steps for developers deploying ERC-20 and NFT contracts.',
      href: links.developers,
    },
    {
      title: 'Open indexer API',
      text: 'Query blocks, transactions, holders, tokens and NFTs through the public REST API that powers this explorer.',
      href: links.apiDocs,
    },
    {
      title: 'NFT collections on STO',
      text: 'Browse the collections minted on the STO chain, their items, owners and transfer history.',
      href: '/nfts',
    },
    {
      title: 'Join the STO community',
      text: 'Meet validators, builders and the core team, and hear about network upgrades first.',
      href: links.chat,
    },
  ];
  return items.map((item, i) => ({ ...item, linkText: i === 0 ? SWAP : LEARN, external: /^https?:\/\//i.test(item.href) }));
}
