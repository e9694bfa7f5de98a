import { formatGwei } from '../format/index.ts';
import { getGasTracker } from '../indexer-api/gas-tracker.ts';
import { browserTransport } from '../indexer-api/transport.ts';
import type { GasTrackerLive } from '../model/gas-tracker.ts';
import { normalizeGasTrackerLive } from '../normalize/gas-tracker.ts';
import { $gasTracker, publishGasTracker } from '../stores/gas-tracker.ts';
import { averageFullness, barEnds, blockBars, levelCards } from './view.ts';

// The page's live part (issue 30), loaded by its script on the first `gas` event or poll: it publishes the event's
// `tracker` (or /stats/gas while there is no stream) into the gas tracker's store (stores/gas-tracker.ts), and writes
// the store's figures into the server's HTML: the levels, the base fee and the block bars, with the texts the server
// wrote (view.ts). The chart islands (src/islands/GasChart.tsx) read the same store; the consumers stay as rendered.

const SVG = 'http://www.w3.org/2000/svg';

/** The element of `root` marked data-gas="name". */
function field(root: ParentNode, name: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-gas="${name}"]`);
}

function write(root: ParentNode, name: string, text: string): void {
  const el = field(root, name);
  if (el && el.textContent !== text) el.textContent = text;
}

/** The site's STO price the server rendered with (data-sto-usd), or null. */
function stoUsd(root: HTMLElement): number | null {
  const value = Number(root.dataset['stoUsd'] ?? 'NaN');
  return root.dataset['stoUsd'] && Number.isFinite(value) ? value : null;
}

/** Draws the block bars again (the SVG's data-gas="bars" group: the bars' text, and the picture without the chart). */
function drawBars(root: HTMLElement, live: GasTrackerLive): void {
  const group = field(root, 'bars');
  if (!group) return;
  const bars = blockBars(live.blocks);
  const ends = barEnds(bars);
  write(root, 'bars-first', ends.first);
  write(root, 'bars-last', ends.last);
  const rects = bars.map((bar) => {
    const rect = document.createElementNS(SVG, 'rect');
    for (const [name, value] of Object.entries({ x: bar.x, y: bar.y, width: bar.width, height: bar.height })) rect.setAttribute(name, String(value));
    rect.setAttribute('role', 'img');
    rect.setAttribute('aria-label', bar.label);
    rect.setAttribute('data-block', String(bar.number));
    const title = document.createElementNS(SVG, 'title');
    title.textContent = bar.label;
    rect.append(title);
    return rect;
  });
  group.replaceChildren(...rects);
}

/** Writes live figures into the page. */
export function applyTracker(root: HTMLElement, live: GasTrackerLive): void {
  root.dataset['lastBlock'] = String(live.lastBlock);
  for (const card of levelCards(live, stoUsd(root))) {
    const el = root.querySelector<HTMLElement>(`[data-gas-level="${card.key}"]`);
    if (!el) continue;
    write(el, 'price', card.gwei);
    write(el, 'priority', card.priorityGwei);
    write(el, 'fee-sto', card.feeSto);
    write(el, 'fee-usd', card.feeUsd);
    write(el, 'wait', card.wait);
  }
  write(root, 'last-block', live.lastBlock.toLocaleString('en-US'));
  write(root, 'base-fee', formatGwei(live.baseFee));
  write(root, 'fullness', averageFullness(live.blocks));
  drawBars(root, live);
}

let watched: HTMLElement | null = null;
let forceNext = false;

/** Writes the store's figures into `root` from now on (once per page). */
function watch(root: HTMLElement): void {
  if (watched === root) return;
  watched = root;
  $gasTracker.listen((live) => live && applyTracker(root, live));
}

/** A `gas` event's data: its `tracker` is published when it reads (null when the node did not answer). */
export function showTracker(root: HTMLElement, data: unknown): void {
  watch(root);
  const live = normalizeGasTrackerLive((data as { tracker?: unknown } | null)?.tracker);
  if (live) publish(root, live);
}

/** Reads /stats/gas (the fallback while there is no stream) and publishes it; on failure the figures shown stay. */
export async function pollTracker(root: HTMLElement): Promise<void> {
  watch(root);
  const indexer = root.dataset['indexer'];
  if (!indexer) return;
  try {
    const tracker = await getGasTracker(browserTransport(indexer));
    if (tracker) publish(root, tracker);
  } catch {
    // The next poll tries again.
  }
}

/** Publishes figures unless older than those shown (the server's at first: data-last-block), but after a reorg. */
function publish(root: HTMLElement, live: Parameters<typeof publishGasTracker>[0]): void {
  if (!forceNext && live.lastBlock < Number(root.dataset['lastBlock'] ?? '-1')) return;
  if (publishGasTracker(live, forceNext)) forceNext = false;
}

/** After a rollback the fee history may end lower than what is shown: the next figures are published whatever their block. */
export function afterReorg(): void {
  forceNext = true;
}
