import { useEffect, useMemo, useRef, useState } from 'react';
import { chartColours, onThemeChange } from '../lib/charts/theme.ts';
import { nextIdle } from '../lib/page/idle.ts';
import { isDrawable, MIN_CHART_WIDTH, type ChartProps } from '../lib/charts/options.ts';

export type { ChartKind, ChartProps, ChartSeries } from '../lib/charts/options.ts';

/** Where a chart stands, in its element's data-state. */
export type ChartState = 'server' | 'loading' | 'drawn' | 'failed';

type DrawModule = typeof import('./charts/draw.ts');

/** Resolves once `el` is in the viewport (at once without an element or an IntersectionObserver); `stop` gives up. */
function inView(el: Element | null): { promise: Promise<void>; stop: () => void } {
  if (!el || typeof IntersectionObserver === 'undefined') return { promise: Promise.resolve(), stop: () => {} };
  let observer: IntersectionObserver | undefined;
  const promise = new Promise<void>((resolve) => {
    observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer?.disconnect();
      resolve();
    });
    observer.observe(el);
  });
  return { promise, stop: () => observer?.disconnect() };
}

/**
 * The site's one chart: a uPlot chart of plain, serializable props, used by `/charts/{name}`, the token
 * page, the gas tracker and the AI dashboard. Hydrate it `client:visible`.
 *
 * Props (src/lib/charts/options.ts, ChartProps):
 * - `kind`: 'line' | 'area' | 'bars';
 * - `x`: unix seconds of each point, or 0…n-1 with `labels` (category labels of the x axis);
 * - `series`: `{ label, values: (number | null)[], colour? }[]` (null is a gap; colour '#rrggbb', else the theme's);
 * - `height` (CSS pixels; the width follows the element), `unit` (words after a legend value),
 *   `legend` (the x's name in the legend; absent: no legend), `timeFormat` ('day' | 'minute'), `yRange`,
 *   `zoom` (drag to zoom x, double click to zoom out), `points` (point size), `test` (data-test), `className`.
 *
 * On the server it is its empty container, aria-hidden (the figures are the page's table beside it), data-state
 * 'server', and hidden without JavaScript. In the browser it loads uPlot with import() (./charts/draw.ts, one chunk for
 * every chart, so the island's own chunk stays small), each step on an idle moment ('loading'), draws ('drawn'; or
 * 'failed' when uPlot could not load or the data cannot be drawn), keeps the chart as wide as its element, draws it
 * again in a new theme's colours (data-chart-text says which) and when its props change (a live store, a range chosen
 * in place), and destroys it on unmount.
 */
export default function Chart(props: ChartProps & { className?: string }) {
  const { className, ...chart } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ChartState>('server');
  const [text, setText] = useState<string | undefined>(undefined);
  const [draw, setDraw] = useState<DrawModule | null>(null);
  // The props as a value: an island re-rendered with equal props (a store's other fields) keeps its chart.
  const key = JSON.stringify(chart);
  const spec = useMemo(() => JSON.parse(key) as ChartProps, [key]);
  const drawable = isDrawable(spec);

  useEffect(() => {
    let live = true;
    // Only once in view (a chart in an island of its own is, as client:visible hydrates it; a chart in a larger island,
    // the AI dashboard's, waits for its turn). Then uPlot's evaluation and the first drawing are two tasks, each on an
    // idle moment: together they made one long task that held up input on a slow phone.
    const seen = inView(ref.current);
    seen.promise
      .then(nextIdle)
      .then(() => {
        if (live) setState('loading');
        return import('./charts/draw.ts');
      })
      .then(async (module) => {
        await nextIdle();
        if (live) setDraw(() => module);
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
      seen.stop();
    };
  }, []);

  useEffect(() => {
    const target = ref.current;
    if (!draw || !target || !drawable) return;
    const width = (): number => Math.max(MIN_CHART_WIDTH, target.clientWidth);
    const make = () => {
      const colours = chartColours(target);
      setText(colours.text);
      setState('drawn');
      return draw.drawChart(target, spec, width(), colours);
    };
    let instance = make();
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.setSize({ width: width(), height: spec.height }));
    resize?.observe(target);
    const stopTheme = onThemeChange(() => {
      instance.destroy();
      instance = make();
    });
    return () => {
      stopTheme();
      resize?.disconnect();
      instance.destroy();
    };
  }, [draw, spec, drawable]);

  return (
    <div
      ref={ref}
      className={`chart-colours hidden w-full [.js_&]:block ${className ?? ''}`.trim()}
      style={{ minHeight: `${chart.height}px` }}
      data-chart=""
      data-chart-canvas=""
      data-state={draw && !drawable ? 'failed' : state}
      data-chart-text={text}
      data-test={chart.test}
      aria-hidden="true"
    />
  );
}
