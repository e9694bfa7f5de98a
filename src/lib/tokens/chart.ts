// The token page's price series: the latest 30 transfers, each priced from its value, else at the
// token's price; oldest first. Shared by the server's fallback table and the chart's data.
import { formatUnits } from '../../../common/units.ts';
import type { TokenTransfer } from '../model/types.ts';
import type { ChartProps } from '../charts/options.ts';

/** One point of the chart: unix seconds and value. */
export interface PricePoint {
  time: number;
  value: number;
}

/** Points of the series, oldest first; transfers without a time, or without a value and a price, are left out. */
export function priceHistory(transfers: readonly TokenTransfer[], decimals: number, tokenPrice: number | null): PricePoint[] {
  const points: PricePoint[] = [];
  for (const t of transfers) {
    if (t.timestamp === null) continue;
    const amount = Number(formatUnits(t.rawAmount, decimals));
    const value = Number.isFinite(amount) && amount > 0 ? amount : tokenPrice;
    if (value !== null) points.push({ time: t.timestamp, value });
  }
  return points.sort((a, b) => a.time - b.time);
}

/** Lowest, highest and latest value of a series; null when it is empty. */
export function historySummary(points: readonly PricePoint[]): { low: number; high: number; latest: number; from: number; to: number } | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const values = points.map((p) => p.value);
  return { low: Math.min(...values), high: Math.max(...values), latest: last.value, from: first.time, to: last.time };
}

/** The chart island's props for the price chart (src/islands/Chart.tsx): an area with a point per transfer, no legend. */
export function priceChart(points: readonly PricePoint[]): ChartProps {
  return { kind: 'area', x: points.map((p) => p.time), series: [{ label: 'Price', values: points.map((p) => p.value) }], height: 240, points: 5, test: 'price-chart-canvas' };
}

/** A value as the chart and its table print it (up to 4 decimals, thousands separators). */
export function formatPointValue(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: value !== 0 && Math.abs(value) < 0.01 ? 8 : 4 });
}
