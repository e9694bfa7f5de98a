// Browser-only: the colours a uPlot chart draws with, read from the theme (the custom properties of `.chart-colours`
// in src/styles/global.css, which follow the palette), and a signal for redrawing when the theme changes: the header's
// toggle (data-theme on <html>) or, while the visitor follows the system, the browser's colour scheme.

/** What a chart draws with: axis text, grid and tick lines, a line series and the area under it. */
export interface ChartColours {
  text: string;
  grid: string;
  line: string;
  fill: string;
}

/** A CSS colour at an opacity, as rgba(): a 1-pixel canvas reads whatever colour syntax the browser knows (oklch). */
function withAlpha(colour: string, alpha: number): string {
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!context) return colour;
  context.fillStyle = colour;
  context.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The theme's chart colours where `el` is (an element with the `chart-colours` class or inside one). */
export function chartColours(el: Element): ChartColours {
  const style = getComputedStyle(el);
  const read = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  const line = read('--chart-line', '#4f46e5');
  return { text: read('--chart-text', '#334155'), grid: read('--chart-grid', '#e2e8f0'), line, fill: withAlpha(line, 0.1) };
}

/** Calls `redraw` whenever the page's theme may have changed; returns the function that stops listening. */
export function onThemeChange(redraw: () => void): () => void {
  const observer = new MutationObserver(redraw);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', redraw);
  return () => {
    observer.disconnect();
    scheme.removeEventListener('change', redraw);
  };
}
