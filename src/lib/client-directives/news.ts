import type { ClientDirective } from 'astro';

/** The window as the page's stores leave it: the names of the islands that have news (src/lib/stores/news.ts). */
type NewsWindow = Window & { stoNews?: Set<string> };

/**
 * `client:news="name"`: hydrates an island once the page's store has something new for it (the page's script, which
 * follows the store from the start, announces `name`: src/lib/stores/news.ts). Until then the island is its server
 * HTML, which shows everything there is, and React's runtime is not loaded at all: a list whose banner only speaks when
 * a new block or transaction arrives costs nothing before (React's evaluation, loaded on an idle moment, was
 * 80 ms of blocking time on the block list at Lighthouse's slow phone).
 */
const news: ClientDirective = (load, options, _el) => {
  const name = String(options.value);
  const w = window as NewsWindow;
  let started = false;
  const start = (): void => {
    if (started) return;
    started = true;
    w.removeEventListener('sto:news', onNews);
    // A failed hydration leaves the server's HTML, which stays correct (it only misses what is new).
    load()
      .then((run) => run())
      .catch(() => {});
  };
  const onNews = (event: Event): void => {
    if ((event as CustomEvent<string>).detail === name) start();
  };
  if (w.stoNews?.has(name)) start();
  else w.addEventListener('sto:news', onNews);
};

export default news;
