// Web benchmark: what a visitor on a slow link sees. Chromium with the network throttled to 150 ms RTT and 1.6 Mbps
// down (750 kbps up) and the CPU slowed 4× (Lighthouse's mobile settings), a cold cache per page: the time until the
// page's main figure is visible (the first frame with the block number, transaction hash or balance laid out in the
// viewport; they carry data-main-figure), the first and the largest contentful paint, the blocking time of long
// tasks, and the bytes of HTML, CSS and JavaScript as transferred (compressed when the server compresses). Median of 3 runs per page, printed as a table against the goals of the speed issue.
// `npm run bench web` (BENCH_RUNS for another count; HTTP_COMPRESSION=0 shows the uncompressed figures).
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import type { ScenarioInfo } from '../devnet/types.ts';
import { startStack } from '../scripts/stack.ts';

/** The link and CPU of the measurement (Lighthouse mobile, simulated). */
export const SLOW_LINK = { rttMs: 150, downKbps: 1_600, upKbps: 750, cpuSlowdown: 4 } as const;

/** Goals (set after the page-speed work): the main figure of a detail page within 0.6 s, the largest paint within 0.9 s. */
export const GOALS = { mainFigureMs: 600, lcpMs: 900, tbtMs: 50 } as const;

/** What one page load measured. */
export interface WebSample {
  /** When the main figure was painted (ms after navigation start); the LCP on pages without one. */
  mainFigureMs: number;
  /** First byte of the HTML and first contentful paint (ms after navigation start), to see where the time goes. */
  ttfbMs: number;
  fcpMs: number;
  lcpMs: number;
  /** Total blocking time: the part above 50 ms of every long task after the first contentful paint. */
  tbtMs: number;
  htmlBytes: number;
  cssBytes: number;
  jsBytes: number;
}

/** One row of the table: the median of the runs. */
export interface WebRow extends WebSample {
  name: string;
  path: string;
  /** Whether the page has an Element Timing main figure (block, transaction, address). */
  hasFigure: boolean;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Loads a page on the throttled link with a cold cache and reads its paint timings and transferred bytes. */
async function measure(page: Page, url: string): Promise<WebSample> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_LINK.rttMs,
    downloadThroughput: (SLOW_LINK.downKbps * 1000) / 8,
    uploadThroughput: (SLOW_LINK.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_LINK.cpuSlowdown });
  // The main figure counts as visible at the first frame in which it is in the document, laid out inside the
  // viewport and not empty (checked before every frame from the start of the navigation).
  await page.addInitScript(() => {
    const w = window as unknown as { __mainFigureAt?: number; __longTasks?: [number, number][] };
    w.__longTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const task of list.getEntries()) w.__longTasks?.push([task.startTime, task.duration]);
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // No long task timing: blocking time reads 0.
    }
    const check = (): void => {
      const el = document.querySelector('[data-main-figure]');
      const box = el?.getBoundingClientRect();
      if (el && box && box.width > 0 && box.height > 0 && box.top < innerHeight && (el.textContent ?? '').trim() !== '') w.__mainFigureAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  // Let late paints (islands, the cookie banner after its second) land before reading the observers.
  await page.waitForTimeout(2_500);
  const timings = await page.evaluate(async () => {
    const read = (type: string): Promise<PerformanceEntry[]> =>
      new Promise((resolve) => {
        const observer = new PerformanceObserver((list) => resolve(list.getEntries()));
        observer.observe({ type, buffered: true });
        setTimeout(() => resolve([]), 200);
      });
    const lcp = (await read('largest-contentful-paint')) as (PerformanceEntry & { renderTime: number; loadTime: number })[];
    const figure = (window as unknown as { __mainFigureAt?: number }).__mainFigureAt ?? null;
    const last = lcp[lcp.length - 1];
    const bytes = { html: 0, css: 0, js: 0 };
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    bytes.html = nav?.transferSize ?? 0;
    for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (r.initiatorType === 'script' || /\.m?js(\?|$)/.test(r.name)) bytes.js += r.transferSize;
      else if (r.initiatorType === 'link' && /\.css(\?|$)/.test(r.name)) bytes.css += r.transferSize;
    }
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    // As Lighthouse counts it: long tasks after the first contentful paint, each above its first 50 ms.
    const tasks = (window as unknown as { __longTasks?: [number, number][] }).__longTasks ?? [];
    const tbt = tasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return {
      ttfb: nav?.responseStart ?? 0,
      tbt,
      fcp,
      lcp: last ? last.renderTime || last.startTime : 0,
      figure,
      bytes,
    };
  });
  await cdp.detach();
  return { mainFigureMs: timings.figure ?? timings.lcp, ttfbMs: timings.ttfb, fcpMs: timings.fcp, lcpMs: timings.lcp, tbtMs: timings.tbt, htmlBytes: timings.bytes.html, cssBytes: timings.bytes.css, jsBytes: timings.bytes.js };
}

/**
 * The read pages of the speed issue, from the devnet's scenario; `BENCH_PAGES` (names, comma-separated: `home,block`)
 * keeps only those, for a quick look at one page kind.
 */
export function pages(info: ScenarioInfo): { name: string; path: string; hasFigure: boolean }[] {
  const only = (process.env['BENCH_PAGES'] ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  return allPages(info).filter((p) => only.length === 0 || only.includes(p.name.toLowerCase()));
}

function allPages(info: ScenarioInfo): { name: string; path: string; hasFigure: boolean }[] {
  return [
    { name: 'home', path: '/', hasFigure: false },
    { name: 'blocks', path: '/blocks', hasFigure: false },
    { name: 'block', path: `/blocks/${info.busyBlock.number}`, hasFigure: true },
    { name: 'transactions', path: '/transactions', hasFigure: false },
    { name: 'transaction', path: `/transactions/${info.samples.erc20Transfer}`, hasFigure: true },
    { name: 'address', path: `/address/${info.accounts[1]}`, hasFigure: true },
    { name: 'tokens', path: '/tokens', hasFigure: false },
    { name: 'token', path: `/tokens/${info.holderToken.address}`, hasFigure: false },
    { name: 'NFTs', path: '/nfts', hasFigure: false },
    { name: 'NFT', path: `/nfts/${info.nfts[0]?.address}/1`, hasFigure: false },
    { name: 'AI dashboard', path: '/ai-dashboard', hasFigure: false },
    { name: 'AI test', path: '/ai-test', hasFigure: false },
    { name: 'gas tracker', path: '/gastracker', hasFigure: false },
    { name: 'chart', path: '/charts/transactions', hasFigure: false },
  ];
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** Runs the web benchmark against a fresh devnet + indexer + built site and prints its table. */
export async function runWebBench(opts: { runs?: number; log?: (line: string) => void } = {}): Promise<WebRow[]> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const runs = opts.runs ?? Number(process.env['BENCH_RUNS'] ?? 3);
  const stack = await startStack({ live: false, log: () => {} });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const info = stack.scenario as ScenarioInfo;
    const rows: WebRow[] = [];
    for (const p of pages(info)) {
      const samples: WebSample[] = [];
      for (let i = 0; i < runs; i++) {
        // A new context per run: no cookies (the banner shows, as for a first visit) and no cache.
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
        const page = await context.newPage();
        samples.push(await measure(page, new URL(p.path, stack.siteUrl).href));
        await context.close();
      }
      rows.push({
        ...p,
        mainFigureMs: median(samples.map((s) => s.mainFigureMs)),
        ttfbMs: median(samples.map((s) => s.ttfbMs)),
        fcpMs: median(samples.map((s) => s.fcpMs)),
        lcpMs: median(samples.map((s) => s.lcpMs)),
        tbtMs: median(samples.map((s) => s.tbtMs)),
        htmlBytes: median(samples.map((s) => s.htmlBytes)),
        cssBytes: median(samples.map((s) => s.cssBytes)),
        jsBytes: median(samples.map((s) => s.jsBytes)),
      });
    }
    const compression = process.env['HTTP_COMPRESSION'] === '0' ? 'off' : 'on';
    log(`\nWeb benchmark: ${SLOW_LINK.rttMs} ms RTT, ${SLOW_LINK.downKbps / 1000} Mbps, CPU ${SLOW_LINK.cpuSlowdown}× slower, cold cache, median of ${runs}; compression ${compression}`);
    log('page           TTFB ms  FCP ms  main figure ms  goal   LCP ms  goal    TBT ms  goal  HTML KB  CSS KB   JS KB');
    for (const r of rows) {
      const figureGoal = r.hasFigure ? `${r.mainFigureMs <= GOALS.mainFigureMs ? '✓' : '✗'} ${GOALS.mainFigureMs}` : '  —';
      const lcpGoal = `${r.lcpMs <= GOALS.lcpMs ? '✓' : '✗'} ${GOALS.lcpMs}`;
      const tbtGoal = `${r.tbtMs <= GOALS.tbtMs ? '✓' : '✗'} ${GOALS.tbtMs}`;
      log(
        `${r.name.padEnd(14)} ${r.ttfbMs.toFixed(0).padStart(7)} ${r.fcpMs.toFixed(0).padStart(7)} ${(r.hasFigure ? r.mainFigureMs.toFixed(0) : '—').padStart(14)}  ${figureGoal.padEnd(6)} ${r.lcpMs.toFixed(0).padStart(6)}  ${lcpGoal.padEnd(7)} ${r.tbtMs.toFixed(0).padStart(6)}  ${tbtGoal.padEnd(5)} ${kb(r.htmlBytes).padStart(7)} ${kb(r.cssBytes).padStart(7)} ${kb(r.jsBytes).padStart(7)}`,
      );
    }
    log('TBT here is what this machine measured under DevTools throttling (long tasks of parsing, style and layout included, and');
    log('noisy); the blocking-time goal is Lighthouse\'s simulated figure: npm run bench lighthouse.');
    return rows;
  } finally {
    await browser.close();
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runWebBench();
