import { formatGwei } from '../format/index.ts';
import { getGasTracker } from '../indexer-api/gas-tracker.ts';
import { browserTransport } from '../indexer-api/transport.ts';
import type { GasTrackerLive } from '../model/gas-tracker.ts';
import { normalizeGasTrackerLive } from '../normalize/gas-tracker.ts';
import { averageFullness, barEnds, blockBars, levelCards } from './view.ts';

// The page's live part (issue 30), loaded by its script on the first `gas` event or poll: it writes the levels, the
// base fee and the block bars again from the event's `tracker` (or from /stats/gas while there is no stream), with
// the texts the server wrote (view.ts). The hourly chart and the consumers stay as rendered: they move by the hour.

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

/** Draws the block bars again (the SVG's data-gas="bars" group). */
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

/** Writes the live figures into the page. */
export function applyTracker(root: HTMLElement, live: GasTrackerLive): void {
  // An older answer (a poll overtaken by an event) never replaces a newer one.
  const shown = Number(root.dataset['lastBlock'] ?? '-1');
  if (live.lastBlock < shown) return;
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

/** A `gas` event's data: its `tracker` is written when it reads (null when the node did not answer). */
export function showTracker(root: HTMLElement, data: unknown): void {
  const live = normalizeGasTrackerLive((data as { tracker?: unknown } | null)?.tracker);
  if (live) applyTracker(root, live);
}

/** Reads /stats/gas (the fallback while there is no stream) and writes it; on failure the figures shown stay. */
export async function pollTracker(root: HTMLElement): Promise<void> {
  const indexer = root.dataset['indexer'];
  if (!indexer) return;
  try {
    const tracker = await getGasTracker(browserTransport(indexer));
    if (tracker) applyTracker(root, tracker);
  } catch {
    // The next poll tries again.
  }
}
