// The intrinsic size of an SVG logo, as a browser would size it in an <img> without width and height.
import { attribute, type SvgElement } from './svg-tree.ts';

/** CSS pixels per absolute unit. */
const UNITS: Readonly<Record<string, number>> = { '': 1, px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, pt: 96 / 72, pc: 16 };
const LENGTH = /^\s*(\+?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i;

/** An absolute, positive length in CSS pixels (`48`, `48px`, `210mm`), or undefined (percentages, em, junk). */
function pixels(value: string | undefined): number | undefined {
  const match = LENGTH.exec(value ?? '');
  const factor = UNITS[(match?.[2] ?? '').toLowerCase()];
  const size = Number(match?.[1]) * (factor ?? NaN);
  return Number.isFinite(size) && size > 0 ? size : undefined;
}

/** Width and height of a viewBox, when it has four numbers and a positive size. */
function viewBoxSize(value: string | undefined): { width: number; height: number } | undefined {
  const numbers = (value ?? '').trim().split(/[\s,]+/).map(Number);
  const [, , width = NaN, height = NaN] = numbers;
  return numbers.length === 4 && numbers.every(Number.isFinite) && width > 0 && height > 0 ? { width, height } : undefined;
}

/**
 * Width and height in whole CSS pixels (at least 1): the root's width and height when both are absolute lengths,
 * else its viewBox's size, else 300 x 150 (the CSS default size of a replaced element).
 */
export function svgSize(root: SvgElement): { width: number; height: number } {
  const width = pixels(attribute(root, 'width'));
  const height = pixels(attribute(root, 'height'));
  const size = width !== undefined && height !== undefined ? { width, height } : (viewBoxSize(attribute(root, 'viewBox')) ?? { width: 300, height: 150 });
  return { width: Math.max(1, Math.round(size.width)), height: Math.max(1, Math.round(size.height)) };
}
