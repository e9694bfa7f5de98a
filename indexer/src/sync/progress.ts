/** A terminal progress line for catch-up: blocks done / target, blocks/s, tx/s, ETA. */
export class ProgressBar {
  private readonly out: NodeJS.WriteStream;
  private readonly enabled: boolean;
  private startedAt = 0;
  private startBlock = 0;
  private txs = 0;
  private lastDraw = 0;
  private drawn = false;

  /** Drawn when `enabled`: by default when the output is a terminal (PROGRESS=1 passes true, indexer/src/config/settings.ts). */
  constructor(out: NodeJS.WriteStream = process.stderr, enabled = out.isTTY === true) {
    this.out = out;
    this.enabled = enabled;
  }

  /** Starts measuring a catch-up from this block. */
  begin(fromBlock: number): void {
    this.startedAt = Date.now();
    this.startBlock = fromBlock;
    this.txs = 0;
  }

  /** Records progress and redraws at most five times a second. */
  update(current: number, target: number, txs: number): void {
    this.txs += txs;
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < 200 && current < target) return;
    this.lastDraw = now;
    this.out.write('\r' + renderProgress(current, target, this.startBlock, this.txs, (now - this.startedAt) / 1000) + '\x1b[K');
    this.drawn = true;
  }

  /** Ends the line once caught up. */
  end(): void {
    if (this.enabled && this.drawn) this.out.write('\n');
    this.drawn = false;
  }
}

/** The text of one progress line. */
export function renderProgress(current: number, target: number, startBlock: number, txs: number, seconds: number): string {
  const total = Math.max(1, target + 1);
  const done = Math.min(total, current + 1);
  const ratio = done / total;
  const width = 30;
  const filled = Math.round(ratio * width);
  const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
  const blocks = Math.max(0, current - startBlock + 1);
  const bps = seconds > 0 ? blocks / seconds : 0;
  const tps = seconds > 0 ? txs / seconds : 0;
  const eta = bps > 0 ? Math.round((target - current) / bps) : 0;
  return `[${bar}] ${done}/${total} blocks ${(ratio * 100).toFixed(1)}% | ${bps.toFixed(0)} blocks/s | ${tps.toFixed(0)} tx/s | ETA ${formatEta(eta)}`;
}

function formatEta(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const m = Math.floor(seconds / 60);
  return m < 60 ? `${m}m${String(seconds % 60).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
