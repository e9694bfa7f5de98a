import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The dark palette (src/styles/global.css) against the pairs of colours the site's screens use: text on its
// background must stay at WCAG AA (4.5:1) in both themes. The light values are Tailwind's own (its theme.css).

const tailwind = readFileSync(new URL('../../node_modules/tailwindcss/theme.css', import.meta.url), 'utf8');
const site = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8');

const LIGHT = new Map<string, string>([['white', 'oklch(100% 0 0)']]);
for (const m of tailwind.matchAll(/--color-([a-z]+-\d+):\s*(oklch\([^)]*\))/g)) LIGHT.set(m[1] ?? '', m[2] ?? '');

/** The declarations of the dark theme: the `@variant dark` block of the :root rule. */
const DARK = new Map<string, string>();
const darkBlock = /:root\s*\{\s*@variant dark\s*\{([^}]*)\}/.exec(site)?.[1] ?? '';
for (const m of darkBlock.matchAll(/--color-([a-z]+(?:-\d+)?):\s*([^;]+);/g)) {
  const value = (m[2] ?? '').trim();
  const inline = /^--theme\(--color-([a-z]+(?:-\d+)?) inline\)$/.exec(value);
  DARK.set(m[1] ?? '', inline ? (LIGHT.get(inline[1] ?? '') ?? 'missing') : value);
}

/** Relative luminance of an oklch() colour (WCAG 2), clipped to sRGB. */
function luminance(colour: string): number {
  const m = /oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)/.exec(colour);
  if (!m) throw new Error(`not an oklch colour: ${colour}`);
  const [l, c, h] = [Number(m[1]) / 100, Number(m[2]), (Number(m[3]) * Math.PI) / 180];
  const [a, b] = [c * Math.cos(h), c * Math.sin(h)];
  const lms = [l + 0.3963377774 * a + 0.2158037573 * b, l - 0.1055613458 * a - 0.0638541728 * b, l - 0.0894841775 * a - 1.291485548 * b].map((v) => v ** 3);
  const [x = 0, y = 0, z = 0] = lms;
  const rgb = [4.0767416621 * x - 3.3077115913 * y + 0.2309699292 * z, -1.2684380046 * x + 2.6097574011 * y - 0.3413193965 * z, -0.0041960863 * x - 0.7034186147 * y + 1.707614701 * z];
  const [r = 0, g = 0, bl = 0] = rgb.map((v) => Math.min(1, Math.max(0, v)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
}

const contrast = (a: string, b: string): number => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

const colour = (palette: Map<string, string>, name: string): string => {
  const value = palette.get(name);
  if (!value) throw new Error(`${name} has no value in the ${palette === DARK ? 'dark' : 'light'} palette`);
  return value;
};

// [text, background]: the site's pairs (text colours on the three surfaces, badges, buttons, alerts, links).
const PAIRS: Array<[string, string]> = [
  ...['slate-900', 'slate-800', 'slate-700', 'slate-600', 'indigo-700', 'indigo-800', 'red-700', 'red-800', 'green-700', 'green-800', 'emerald-700', 'violet-700', 'fuchsia-700', 'rose-700', 'blue-700', 'sky-800', 'amber-800', 'amber-900'].flatMap(
    (text): Array<[string, string]> => [[text, 'white'], [text, 'slate-50'], [text, 'slate-100']],
  ),
  ['slate-500', 'white'],
  ['slate-500', 'slate-50'],
  ['slate-700', 'slate-200'],
  ['white', 'indigo-600'],
  ['white', 'indigo-700'],
  ['white', 'violet-600'],
  ['white', 'purple-600'],
  ['indigo-600', 'white'],
  ['indigo-700', 'indigo-50'],
  ['indigo-800', 'indigo-50'],
  ['indigo-800', 'indigo-100'],
  ['indigo-900', 'indigo-50'],
  ['violet-800', 'violet-100'],
  ['red-800', 'red-50'],
  ['red-800', 'red-100'],
  ['red-900', 'red-100'],
  ['green-800', 'green-50'],
  ['green-800', 'green-100'],
  ['green-900', 'green-100'],
  ['emerald-800', 'emerald-50'],
  ['emerald-800', 'emerald-100'],
  ['emerald-900', 'emerald-100'],
  ['amber-800', 'amber-50'],
  ['amber-900', 'amber-100'],
  ['yellow-900', 'yellow-100'],
  ['sky-800', 'sky-50'],
  ['sky-800', 'sky-100'],
  ['sky-900', 'sky-100'],
];

describe('the dark palette keeps the screens readable', () => {
  it('redefines white, the slate scale and every step of the hues in use', () => {
    for (const name of ['white', 'slate-50', 'slate-500', 'slate-900', 'indigo-50', 'indigo-950', 'red-100', 'emerald-800', 'sky-950', 'amber-300']) {
      expect(DARK.has(name), name).toBe(true);
    }
    for (const value of DARK.values()) expect(value).toMatch(/^oklch\(/);
  });

  it.each(PAIRS)('%s on %s: at least 4.5:1 in both themes', (text, background) => {
    expect(contrast(colour(LIGHT, text), colour(LIGHT, background))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour(DARK, text), colour(DARK, background))).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the surfaces apart: the page darker than a card, a tint lighter, borders visible on both', () => {
    const l = (name: string) => luminance(colour(DARK, name));
    expect(l('slate-100')).toBeLessThan(l('white'));
    expect(l('slate-50')).toBeGreaterThan(l('white'));
    expect(l('slate-200')).toBeGreaterThan(l('slate-50'));
    expect(l('slate-300')).toBeGreaterThan(l('slate-200'));
  });
});
