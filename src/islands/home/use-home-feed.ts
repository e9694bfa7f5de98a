import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { HomeBaseline } from '../../lib/stores/home-feed.ts';
import { $homeFeed, startHome, type HomeFeed } from '../../lib/stores/home.ts';

/**
 * The home page's live feed for an island: starts the shared store with the server's baseline (the first island
 * to mount wins) and hydrates with the store's initial value, so the first render matches the server's HTML.
 */
export function useHomeFeed(baseline: HomeBaseline): HomeFeed {
  const feed = useStore($homeFeed, { ssr: 'initial' });
  useEffect(() => startHome(baseline), [baseline]);
  return feed;
}
