// Draws a preset token's logo: a coloured disc with a geometric mark, anti-aliased by 4×4 supersampling.
import type { LogoDesign, LogoMark } from './presets.ts';

/** Side of a bundled logo in pixels (crisp at 40 CSS px on 2× screens). */
export const LOGO_PIXELS = 96;

const SAMPLES = 4;
const SQRT3 = Math.sqrt(3);

/** Whether a point (u, v in -1…1, v pointing down) lies on the mark. */
function onMark(mark: LogoMark, u: number, v: number): boolean {
  const au = Math.abs(u);
  const av = Math.abs(v);
  switch (mark) {
    case 'hexagon':
      // Flat-topped, circumradius 0.55.
      return av <= (0.55 * SQRT3) / 2 && SQRT3 * au + av <= SQRT3 * 0.55;
    case 'tee':
      return (au <= 0.46 && v >= -0.46 && v <= -0.26) || (au <= 0.1 && v >= -0.46 && v <= 0.5);
    case 'ring': {
      const r = Math.hypot(u, v);
      return r >= 0.36 && r <= 0.56;
    }
    case 'triangle':
      // Apex up at (0, -0.52), base at v = 0.42, half-width 0.54.
      return v <= 0.42 && v >= -0.52 && au <= ((v + 0.52) / 0.94) * 0.54;
    case 'diamond':
      return au + av <= 0.56;
    case 'cross':
      return (au <= 0.14 && av <= 0.5) || (av <= 0.14 && au <= 0.5);
    case 'square':
      return au <= 0.4 && av <= 0.4;
  }
}

function rgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const n = m ? Number.parseInt(m[1] ?? '0', 16) : 0;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** RGBA pixels of a logo: transparent outside the disc. */
export function drawLogo(design: LogoDesign, size: number = LOGO_PIXELS): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const bg = rgb(design.background);
  const fg = rgb(design.foreground);
  const step = 1 / SAMPLES;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let disc = 0;
      let mark = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const u = ((x + (sx + 0.5) * step) / size) * 2 - 1;
          const v = ((y + (sy + 0.5) * step) / size) * 2 - 1;
          if (u * u + v * v > 1) continue;
          disc++;
          if (onMark(design.mark, u, v)) mark++;
        }
      }
      const i = (y * size + x) * 4;
      if (disc === 0) continue;
      // Colour is the mix of mark and disc samples; alpha is the disc coverage (soft edge).
      const t = mark / disc;
      pixels[i] = Math.round(bg[0] + (fg[0] - bg[0]) * t);
      pixels[i + 1] = Math.round(bg[1] + (fg[1] - bg[1]) * t);
      pixels[i + 2] = Math.round(bg[2] + (fg[2] - bg[2]) * t);
      pixels[i + 3] = Math.round((disc / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return pixels;
}
