import { getBlocks } from '../indexer-api/blocks.ts';
import { getTransactions } from '../indexer-api/transactions.ts';
import { browserTransport } from '../indexer-api/transport.ts';
import { normalizeBlock } from '../normalize/block.ts';
import { normalizeTransactions } from '../normalize/transaction.ts';
import { whenLive } from '../stores/when-live.ts';
import {
  CANVAS_POLL_MS,
  CANVAS_SAMPLE,
  DETECTION_BANNER_MS,
  INITIAL_CANVAS_STATE,
  KIND_COLOURS,
  detectionText,
  pollCanvas,
  type CanvasState,
} from './canvas-state.ts';

// The home page's neural canvas (browser only): a small network drawn on a <canvas>, with pulses running from the
// input layer to the output when new transactions arrive (in their kind's colour), a soft wave for each new block,
// and a few faint ones in between. The tab's stream brings them (`block`, `transactions`); the 5 s poll runs only
// while there is no stream. It starts when the card comes into view, pauses when it leaves the view or the tab is hidden,
// and draws one still frame when the visitor prefers reduced motion. Status and banner are text beside it; the
// canvas itself is decorative.

const LAYERS = [5, 7, 7, 4];

interface Pulse {
  layer: number;
  from: number;
  to: number;
  t: number;
  colour: string;
  strong: boolean;
}

function nodePosition(layer: number, index: number, width: number, height: number): [number, number] {
  const count = LAYERS[layer] ?? 1;
  const x = 24 + (layer * (width - 48)) / (LAYERS.length - 1);
  const y = ((index + 1) * height) / (count + 1);
  return [x, y];
}

/** Starts the canvas in its card (`root` holds the canvas, the status and the banner, and data-indexer). */
export function startNeuralCanvas(root: HTMLElement): void {
  const canvas = root.querySelector('canvas');
  const status = root.querySelector<HTMLElement>('[data-canvas-status]');
  const banner = root.querySelector<HTMLElement>('[data-canvas-banner]');
  const indexer = root.dataset['indexer'];
  const context = canvas?.getContext('2d');
  if (!canvas || !context || !status || !banner || !indexer) return;
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const transport = browserTransport(indexer);
  let state: CanvasState = INITIAL_CANVAS_STATE;
  let pulses: Pulse[] = [];
  let inView = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let frame = 0;
  let lastFrame = 0;
  let bannerTimer: ReturnType<typeof setTimeout> | null = null;
  let lastBlock: number | null = null;

  const size = (): { width: number; height: number } => {
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
    if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    return { width, height };
  };

  const spawn = (colour: string, strong: boolean): void => {
    for (let layer = 0; layer < LAYERS.length - 1; layer++) {
      pulses.push({ layer, from: Math.floor(Math.random() * (LAYERS[layer] ?? 1)), to: Math.floor(Math.random() * (LAYERS[layer + 1] ?? 1)), t: -layer, colour, strong });
    }
  };

  const draw = (): void => {
    const { width, height } = size();
    context.clearRect(0, 0, width, height);
    context.lineWidth = 0.6;
    context.strokeStyle = 'rgba(129, 140, 248, 0.25)';
    for (let layer = 0; layer < LAYERS.length - 1; layer++) {
      for (let i = 0; i < (LAYERS[layer] ?? 0); i++) {
        for (let j = 0; j < (LAYERS[layer + 1] ?? 0); j++) {
          const [x1, y1] = nodePosition(layer, i, width, height);
          const [x2, y2] = nodePosition(layer + 1, j, width, height);
          context.beginPath();
          context.moveTo(x1, y1);
          context.lineTo(x2, y2);
          context.stroke();
        }
      }
    }
    for (const p of pulses) {
      if (p.t < 0 || p.t > 1) continue;
      const [x1, y1] = nodePosition(p.layer, p.from, width, height);
      const [x2, y2] = nodePosition(p.layer + 1, p.to, width, height);
      context.fillStyle = p.colour;
      context.globalAlpha = p.strong ? 1 : 0.45;
      context.beginPath();
      context.arc(x1 + (x2 - x1) * p.t, y1 + (y2 - y1) * p.t, p.strong ? 3.5 : 2.5, 0, Math.PI * 2);
      context.fill();
    }
    context.globalAlpha = 1;
    for (let layer = 0; layer < LAYERS.length; layer++) {
      for (let i = 0; i < (LAYERS[layer] ?? 0); i++) {
        const [x, y] = nodePosition(layer, i, width, height);
        context.fillStyle = layer === 0 ? '#38bdf8' : layer === LAYERS.length - 1 ? '#34d399' : '#a78bfa';
        context.beginPath();
        context.arc(x, y, 4, 0, Math.PI * 2);
        context.fill();
      }
    }
  };

  const animate = (time: number): void => {
    const dt = lastFrame === 0 ? 16 : Math.min(64, time - lastFrame);
    lastFrame = time;
    for (const p of pulses) p.t += dt / 700;
    pulses = pulses.filter((p) => p.t <= 1);
    // A faint pulse now and then: the network is listening.
    if (Math.random() < dt / 900) spawn('#818cf8', false);
    draw();
    frame = requestAnimationFrame(animate);
  };

  const showBanner = (text: string): void => {
    banner.textContent = text;
    banner.hidden = false;
    if (bannerTimer) clearTimeout(bannerTimer);
    bannerTimer = setTimeout(() => {
      banner.hidden = true;
    }, DETECTION_BANNER_MS);
  };

  /** Shows what a poll or an event read: the status, and a banner and pulses for new transactions. */
  const detect = (transactions: Parameters<typeof pollCanvas>[1]): void => {
    const result = pollCanvas(state, transactions);
    state = result.state;
    status.textContent = result.status;
    root.dataset['polls'] = String(Number(root.dataset['polls'] ?? '0') + 1);
    const text = detectionText(result.detected);
    if (text) {
      showBanner(text);
      for (const kind of result.detected) spawn(KIND_COLOURS[kind], true);
      if (reduced) draw();
    }
  };

  const poll = async (): Promise<void> => {
    try {
      const [transactions, blocks] = await Promise.all([getTransactions(transport, { limit: CANVAS_SAMPLE }), getBlocks(transport, { limit: CANVAS_SAMPLE })]);
      // A new block sends a soft wave through the network (the first poll only learns the head).
      const head = blocks.reduce<number | null>((max, b) => (max === null || b.number > max ? b.number : max), null);
      if (head !== null && lastBlock !== null && head > lastBlock) spawn('#c7d2fe', false);
      if (head !== null) lastBlock = Math.max(head, lastBlock ?? head);
      detect(transactions);
    } catch {
      // A failed poll is an empty one: the canvas keeps listening.
    }
  };

  const running = (): boolean => inView && document.visibilityState === 'visible';

  // Polls as before the stream until it opens (when-live.ts). Its events are all new: the first one detects too. A
  // block without transactions is an empty round (after more than 2 the canvas is scanning); a block's transactions
  // are detections.
  let shouldPoll = (): boolean => true;
  const streamed = (): void => {
    if (!state.started) state = { ...state, started: true };
  };
  whenLive((live) => {
    shouldPoll = live.shouldPoll;
    live.$liveStatus.listen(update);
    live.onLive('block', (data) => {
      const block = normalizeBlock(data);
      if (!block || !running()) return;
      spawn('#c7d2fe', false);
      streamed();
      if (block.transactionCount === 0) detect([]);
    });
    live.onLive('transactions', (data) => {
      const transactions = normalizeTransactions((data as { items?: unknown } | null)?.items ?? []).slice(0, CANVAS_SAMPLE);
      if (transactions.length === 0 || !running()) return;
      streamed();
      detect(transactions);
    });
  });

  function update(): void {
    if (running()) {
      if (timer === null && shouldPoll()) {
        void poll();
        timer = setInterval(() => void poll(), CANVAS_POLL_MS);
      } else if (timer !== null && !shouldPoll()) {
        clearInterval(timer);
        timer = null;
      }
      if (reduced) {
        draw();
        root.dataset['state'] = 'still';
      } else if (frame === 0) {
        lastFrame = 0;
        frame = requestAnimationFrame(animate);
        root.dataset['state'] = 'running';
      }
    } else {
      if (timer !== null) clearInterval(timer);
      timer = null;
      if (frame !== 0) cancelAnimationFrame(frame);
      frame = 0;
      root.dataset['state'] = 'paused';
    }
  }

  new IntersectionObserver((entries) => {
    inView = entries.some((entry) => entry.isIntersecting);
    update();
  }).observe(root);
  document.addEventListener('visibilitychange', update);
}
