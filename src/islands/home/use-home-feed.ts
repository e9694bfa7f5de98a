import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { HomeBaseline } from '../../lib/home/feed.ts';
import { $homeFeed, startHome, type HomeFeed } from '../../lib/home/store.ts';

/**
 * The home page's shared live feed, for an island: starts the store with the server's baseline (the first island to
 * hydrate wins; the others find it started) and hydrates with the store's initial value, so the first render in the
 * browser is the server's HTML. Every home island reads this one store; none fetches or polls on its own.
 */
export function useHomeFeed(baseline: HomeBaseline): HomeFeed {
  const feed = useStore($homeFeed, { ssr: 'initial' });
  useEffect(() => startHome(baseline), [baseline]);
  return feed;
}
