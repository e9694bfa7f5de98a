// The replaced-block notice of a recent block's page: shown when the tab's stream says `reorg` past the
// block; after a `reload` (the stream could not replay what a hidden spell missed, a reorganisation among it maybe),
// it says the page may be out of date. Either way its link loads the block again.

/** Subscribes to one kind of the stream's events (live.ts's onLive). */
type OnLive = (name: string, fn: (data: unknown) => void) => () => void;

/** What the notice says after a `reload`. */
export const MAYBE_REPLACED = 'This page may be out of date: a chain reorganisation may have replaced this block while the page was in the background.';

/** Whether a `reorg` replaced block `number`: every block above the fork (the last block kept) was. */
export function replacedBy(number: number, data: unknown): boolean {
  const fork = (data as { fork?: unknown } | null)?.fork;
  return typeof fork === 'number' && number > fork;
}

/** Wires the page's notice (`[data-block-replaced]` with data-number). */
export function startReplacedNotice(doc: Document, onLive: OnLive): void {
  const root = doc.querySelector<HTMLElement>('[data-block-replaced]');
  const body = root?.querySelector<HTMLElement>('[data-block-replaced-body]');
  const text = root?.querySelector<HTMLElement>('[data-block-replaced-text]');
  const number = Number(root?.dataset['number']);
  if (!body || !text || !Number.isSafeInteger(number)) return;
  let replaced = false;
  onLive('reorg', (data) => {
    if (!replacedBy(number, data)) return;
    replaced = true;
    text.textContent = text.dataset['replaced'] ?? '';
    body.hidden = false;
  });
  onLive('reload', () => {
    if (replaced) return;
    text.textContent = MAYBE_REPLACED;
    body.hidden = false;
  });
}
