// Server-drawn small charts: SVG geometry for a series, so a card or a summary shows its shape in the HTML itself, with
// no script (the /charts cards, the gas tracker's hours). Values are plain numbers; null is a gap.

/** The SVG path (`d`) of a line through `values`, evenly spaced over width × height, inside `pad` on every side. */
export function sparklinePath(values: readonly (number | null)[], width: number, height: number, pad = 2): string {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (known.length === 0) return '';
  const min = Math.min(...known);
  const max = Math.max(...known);
  const x = (i: number) => (values.length === 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (values.length - 1));
  // A flat series is drawn across the middle.
  const y = (v: number) => (max === min ? height / 2 : pad + ((max - v) * (height - 2 * pad)) / (max - min));
  const round = (n: number) => Math.round(n * 10) / 10;
  let d = '';
  let drawing = false;
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      drawing = false;
      return;
    }
    d += `${drawing ? 'L' : 'M'}${round(x(i))} ${round(y(v))}`;
    drawing = true;
  });
  return d;
}

/** One bar of barRects. */
export interface BarRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Bars for `values` (one per value, from 0 up, a gap between them) over width × height: null and 0 are bars of no
 * height. The tallest bar fills the height.
 */
export function barRects(values: readonly (number | null)[], width: number, height: number, gap = 1): BarRect[] {
  const max = Math.max(0, ...values.map((v) => (v !== null && Number.isFinite(v) ? v : 0)));
  const step = values.length === 0 ? 0 : width / values.length;
  const round = (n: number) => Math.round(n * 10) / 10;
  return values.map((v, i) => {
    const h = max === 0 || v === null || !Number.isFinite(v) || v <= 0 ? 0 : (v / max) * height;
    return { x: round(i * step + gap / 2), y: round(height - h), width: round(Math.max(0, step - gap)), height: round(h) };
  });
}
