import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { networkPainter, type NetworkPainter } from '../lib/home/canvas-draw.ts';
import { $canvasFeed, setCanvasActive, startCanvasFeed } from '../lib/home/canvas-feed.ts';
import { DETECTION_BANNER_MS, KIND_COLOURS, detectionText } from '../lib/home/canvas-state.ts';

/** 'server' until hydrated; then running (animated), still (reduced motion: one frame per change) or paused (off screen, hidden tab). */
type CanvasMode = 'server' | 'running' | 'still' | 'paused';

/**
 * The home page's neural canvas: a small network whose pulses follow the chain's new blocks and
 * transactions (from $canvasFeed), the 'AI Listening' / 'AI Scanning' status and, for 3 s after new transactions, a
 * banner naming their kinds. It animates only in view in a visible tab, and draws one still frame per change when the
 * visitor prefers reduced motion. The canvas is decorative; status and banner are text.
 */
export default function NeuralCanvas({ indexerUrl }: { indexerUrl: string }) {
  const feed = useStore($canvasFeed, { ssr: 'initial' });
  const root = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const painter = useRef<NetworkPainter | null>(null);
  const [mode, setMode] = useState<CanvasMode>('server');
  /** The last detection whose banner time is over. */
  const [expired, setExpired] = useState(0);

  // In view and visible: the store reads, the canvas runs (or stands still).
  useEffect(() => {
    const element = root.current;
    if (!element || !canvas.current) return;
    painter.current = networkPainter(canvas.current);
    startCanvasFeed(indexerUrl);
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    let inView = false;
    const update = (): void => {
      const running = inView && document.visibilityState === 'visible';
      setCanvasActive(running);
      setMode(running ? (reduced ? 'still' : 'running') : 'paused');
    };
    const observer = new IntersectionObserver((entries) => {
      inView = entries.some((entry) => entry.isIntersecting);
      update();
    });
    observer.observe(element);
    document.addEventListener('visibilitychange', update);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
      setCanvasActive(false);
    };
  }, [indexerUrl]);

  // The animation frames, while running (reduced motion's still frames are drawn below).
  useEffect(() => {
    if (mode !== 'running') return;
    let frame = 0;
    let last = 0;
    const tick = (time: number): void => {
      painter.current?.frame(last === 0 ? 16 : Math.min(64, time - last));
      last = time;
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [mode]);

  // A new block: a soft wave.
  useEffect(() => {
    if (feed.blocks > 0) painter.current?.spawn('#c7d2fe', false);
  }, [feed.blocks]);

  // New transactions: pulses in their kinds' colours and the banner for 3 s.
  const { detection } = feed;
  useEffect(() => {
    if (detection.seq === 0) return;
    for (const kind of detection.kinds) painter.current?.spawn(KIND_COLOURS[kind], true);
    const hide = setTimeout(() => setExpired(detection.seq), DETECTION_BANNER_MS);
    return () => clearTimeout(hide);
  }, [detection]);
  const banner = detection.seq > expired ? detectionText(detection.kinds) : null;

  // Reduced motion: one still frame when the canvas comes into view, and one per change.
  useEffect(() => {
    if (mode === 'still') painter.current?.still();
  }, [mode, feed.blocks, detection]);

  return (
    <div
      ref={root}
      data-test="ai-canvas"
      data-state={mode}
      data-polls={feed.polls}
      className="palette-fixed relative h-56 overflow-hidden rounded-lg bg-gradient-to-br from-slate-900 to-indigo-950"
    >
      <canvas ref={canvas} aria-hidden="true" className="absolute inset-0 h-full w-full" />
      <p className="absolute left-3 top-3 flex items-center gap-2 rounded-full bg-slate-900/70 px-2.5 py-1 text-xs font-semibold text-emerald-300">
        <span aria-hidden="true" className="size-2 rounded-full bg-emerald-400" />
        <span data-test="ai-canvas-status" role="status">
          {feed.status}
        </span>
      </p>
      <p
        data-test="ai-canvas-banner"
        role="status"
        hidden={banner === null}
        className="absolute inset-x-3 bottom-3 rounded-md bg-indigo-600/90 px-3 py-1.5 text-center text-sm font-semibold text-white"
      >
        {banner}
      </p>
    </div>
  );
}
