import { crc32, deflateSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { checkLogo, LOGO_CONTENT_TYPES, MAX_LOGO_BYTES, type LogoCheck } from '../../common/logos/validate.ts';
import { encodePng } from '../../src/lib/server/png.ts';

// ---------------------------------------------------------------------------------------------------------------
// A small PNG writer for any colour type, bit depth and interlacing, and the pieces to break one.

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SAMPLES: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

interface Spec {
  width: number;
  height: number;
  depth?: number;
  colour?: number;
  interlace?: number;
  compression?: number;
  filter?: number;
}

/** A chunk with its length and a correct CRC. */
function chunk(type: string, data: Uint8Array = new Uint8Array(0)): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function ihdr({ width, height, depth = 8, colour = 6, interlace = 0, compression = 0, filter = 0 }: Spec): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([depth, colour, compression, filter, interlace], 8);
  return chunk('IHDR', data);
}

/** The inflated image data the header implies: every pass's scanlines, filter types 0 to 4 in turn, pixels 0x5a. */
function scanlines({ width, height, depth = 8, colour = 6, interlace = 0 }: Spec): Buffer {
  const bits = depth * (SAMPLES[colour] ?? 0);
  const passes = interlace
    ? ADAM7.map(([x0, y0, dx, dy]) => [Math.max(0, Math.ceil((width - x0) / dx)), Math.max(0, Math.ceil((height - y0) / dy))] as const)
    : [[width, height] as const];
  const rows: Buffer[] = [];
  for (const [w, h] of passes) {
    if (w === 0 || h === 0) continue;
    for (let y = 0; y < h; y++) {
      const row = Buffer.alloc(1 + Math.ceil((w * bits) / 8), 0x5a);
      row[0] = rows.length % 5;
      rows.push(row);
    }
  }
  return Buffer.concat(rows);
}

/** The chunks of a valid image: IHDR, a PLTE for palette images, one IDAT, IEND. */
function chunks(spec: Spec, raw: Buffer = scanlines(spec)): Buffer[] {
  const palette = spec.colour === 3 ? [chunk('PLTE', Buffer.alloc(3 * 2 ** Math.min(spec.depth ?? 8, 8), 0x80))] : [];
  return [ihdr(spec), ...palette, chunk('IDAT', deflateSync(raw)), chunk('IEND')];
}

function png(parts: Buffer[]): Buffer {
  return Buffer.concat([SIGNATURE, ...parts]);
}

/** A copy of the bytes with one byte changed. */
function flip(bytes: Buffer, index: number): Buffer {
  const copy = Buffer.from(bytes);
  const at = index < 0 ? copy.length + index : index;
  copy.writeUInt8(copy.readUInt8(at) ^ 0xff, at);
  return copy;
}

/** A valid PNG of exactly `size` bytes, padded with a tEXt chunk. */
function pngOfSize(size: number): Buffer {
  const base = png(chunks({ width: 16, height: 16 }));
  const text = Buffer.alloc(size - base.length - 12, 0x61);
  text.write('Comment\0', 0, 'latin1');
  const [header, ...rest] = chunks({ width: 16, height: 16 });
  return png([header as Buffer, chunk('tEXt', text), ...rest]);
}

/** A valid SVG of exactly `size` bytes, padded with a comment. */
function svgOfSize(size: number): Buffer {
  const [head, tail] = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><!--', '--></svg>'];
  return Buffer.from(`${head}${'x'.repeat(size - head.length - tail.length)}${tail}`);
}

/** A copy of the bytes with one byte set. */
function withByte(bytes: Buffer, index: number, value: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[index] = value;
  return copy;
}

/** Interlaced PNGs written by ImageMagick (another encoder than the one above), as base64. */
const IMAGEMAGICK = {
  grey2: 'iVBORw0KGgoAAAANSUhEUgAAAAkAAAARAgAAAAEXyPENAAAASElEQVQI12NIYBBgaGBwAMMIBhEgLwAMHRhCGxhCHRhYgQwGBjGGMDBMBXJCGUJAKsKA0lFADKTDgOrEpjowiAJp0RCgBlcGAGWAD2+YMUc0AAAAAElFTkSuQmCC',
  grey16: 'iVBORw0KGgoAAAANSUhEUgAAAAUAAAAJEAAAAAH4UVWXAAAAeElEQVQI1wFtAJL/AGRqAtYTAGjWAvhNAL98OQUAWgQCOLEDLxUDjSxWL+m9Ah2wBdP4ewN49CPWAjjU7kQCFdAALAIKs/7vAx2AEyEBlZLwBP6/xDj/lwHMI/b749yWKAw+AgDTJKMH3O3D8tsDJD73K/AHAA7yb6vrLIDFOtnsAAAAAElFTkSuQmCC',
  palette: 'iVBORw0KGgoAAAANSUhEUgAAAAcAAAAFCAMAAAHJQzZ8AAAAaVBMVEU+JMA8Dq5rPIA6yhRblUVaa09YIG9UN2lUM0pTMlqKaVI/oQRWkQxQZhstZgZLRTGGPVBYa2BEa4GGg1ydZjYqlIYndH4OY4U9f5dUmL9/v8Sok7k2Z5cXiJYjbWkydo07tdJkxf+8qvgG+Y1vAAAANUlEQVQI1wXBCQJAIAAAwXUViaKEkPT/R5oBWu5MLUiF2a6equkwi+N5P2Q/qFFPbGE/znj9LagCVB7UZ7cAAAAASUVORK5CYII=',
  rgb16: 'iVBORw0KGgoAAAANSUhEUgAAAAYAAAADEAIAAAEY9AV5AAAAfklEQVQI1wFzAIz/AJevO38RXgAH8Wo5jnIAP6YuelxZAMApUAIbfRH8AAoFzjxgAACFWwFZLwAALvS/hlttRmroSwkSJ9wAOFgH+wkVG/gAAEekUFUAubq0A5vNGSESUNbuI4P7CBPJ6bdxXwOwKHUHxg9rCxNK4DDrGWaH4bZDKVrDQD1eAAAAAElFTkSuQmCC',
};
const fromBase64 = (data: string): Buffer => Buffer.from(data, 'base64');

const RGBA_2x2 = new Uint8Array(16).fill(200);
const valid = png(chunks({ width: 4, height: 3 }));
const raw4x3 = scanlines({ width: 4, height: 3 });
const [validHeader, validIdat] = chunks({ width: 4, height: 3 }) as [Buffer, Buffer, Buffer];
const iend = chunk('IEND');

// ---------------------------------------------------------------------------------------------------------------

type Expected = { type: 'png' | 'svg'; width: number; height: number } | { reason: 'empty' | 'too-large' | 'not-image'; detail: RegExp };

function expectResult(result: LogoCheck, expected: Expected): void {
  if ('type' in expected) {
    expect(result, result.ok ? '' : result.detail).toMatchObject({ ok: true, ...expected });
  } else {
    expect(result).toMatchObject({ ok: false, reason: expected.reason });
    expect(result.ok ? '' : result.detail).toMatch(expected.detail);
  }
}

describe('what the bytes are, and their size', () => {
  it.each<[string, Uint8Array, Expected]>([
    ['empty', new Uint8Array(0), { reason: 'empty', detail: /no bytes/ }],
    ['a PNG of exactly 204800 bytes', pngOfSize(MAX_LOGO_BYTES), { type: 'png', width: 16, height: 16 }],
    ['a PNG of 204801 bytes', pngOfSize(MAX_LOGO_BYTES + 1), { reason: 'too-large', detail: /204801 bytes/ }],
    ['an SVG of exactly 204800 bytes', svgOfSize(MAX_LOGO_BYTES), { type: 'svg', width: 1, height: 1 }],
    ['an SVG of 204801 bytes', svgOfSize(MAX_LOGO_BYTES + 1), { reason: 'too-large', detail: /204801 bytes/ }],
    ['204801 bytes of anything (size is checked first)', new Uint8Array(MAX_LOGO_BYTES + 1), { reason: 'too-large', detail: /more than 204800/ }],
    ['text renamed .png', Buffer.from('hello'), { reason: 'not-image', detail: /neither PNG nor SVG/ }],
    ['a GIF header', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), { reason: 'not-image', detail: /GIF/ }],
    ['a JPEG header', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]), { reason: 'not-image', detail: /JPEG/ }],
    ['a WebP header', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'), { reason: 'not-image', detail: /WebP/ }],
    ['a PNG whose signature lost its CR (text-mode transfer)', Buffer.concat([SIGNATURE.subarray(0, 4), SIGNATURE.subarray(5), valid.subarray(8)]), { reason: 'not-image', detail: /damaged signature/ }],
    ['UTF-16 SVG', Buffer.from('\ufeff<svg xmlns="http://www.w3.org/2000/svg"/>', 'utf16le'), { reason: 'not-image', detail: /neither PNG nor SVG/ }],
    ['markup that is not UTF-8', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><title>caf\xe9</title></svg>', 'latin1'), { reason: 'not-image', detail: /not UTF-8/ }],
  ])('%s', (_name, bytes, expected) => {
    expectResult(checkLogo(bytes), expected);
  });

  it('names the content types', () => {
    expect(LOGO_CONTENT_TYPES).toEqual({ png: 'image/png', svg: 'image/svg+xml' });
  });
});

describe('PNG', () => {
  it.each<[string, Buffer, Expected]>([
    // Valid images.
    ['encodePng (RGBA 8-bit)', encodePng(2, 2, RGBA_2x2), { type: 'png', width: 2, height: 2 }],
    ['RGBA 8-bit', valid, { type: 'png', width: 4, height: 3 }],
    ['RGB 16-bit', png(chunks({ width: 5, height: 7, colour: 2, depth: 16 })), { type: 'png', width: 5, height: 7 }],
    ['grey 1-bit, odd width', png(chunks({ width: 13, height: 2, colour: 0, depth: 1 })), { type: 'png', width: 13, height: 2 }],
    ['grey 16-bit', png(chunks({ width: 3, height: 3, colour: 0, depth: 16 })), { type: 'png', width: 3, height: 3 }],
    ['grey + alpha 8-bit', png(chunks({ width: 3, height: 3, colour: 4 })), { type: 'png', width: 3, height: 3 }],
    ['palette 8-bit', png(chunks({ width: 6, height: 6, colour: 3 })), { type: 'png', width: 6, height: 6 }],
    ['palette 2-bit', png(chunks({ width: 9, height: 1, colour: 3, depth: 2 })), { type: 'png', width: 9, height: 1 }],
    ['interlaced RGBA 37x23', png(chunks({ width: 37, height: 23, interlace: 1 })), { type: 'png', width: 37, height: 23 }],
    ['interlaced 1x1 (six empty passes)', png(chunks({ width: 1, height: 1, interlace: 1 })), { type: 'png', width: 1, height: 1 }],
    ['interlaced palette 4-bit 3x5', png(chunks({ width: 3, height: 5, colour: 3, depth: 4, interlace: 1 })), { type: 'png', width: 3, height: 5 }],
    ['interlaced grey 16-bit 2048x1', png(chunks({ width: 2048, height: 1, colour: 0, depth: 16, interlace: 1 })), { type: 'png', width: 2048, height: 1 }],
    ['ImageMagick: interlaced grey 2-bit 9x17', fromBase64(IMAGEMAGICK.grey2), { type: 'png', width: 9, height: 17 }],
    ['ImageMagick: interlaced grey 16-bit 5x9', fromBase64(IMAGEMAGICK.grey16), { type: 'png', width: 5, height: 9 }],
    ['ImageMagick: interlaced palette 7x5', fromBase64(IMAGEMAGICK.palette), { type: 'png', width: 7, height: 5 }],
    ['ImageMagick: interlaced RGB 16-bit 6x3', fromBase64(IMAGEMAGICK.rgb16), { type: 'png', width: 6, height: 3 }],
    ['2048x2048', png(chunks({ width: 2048, height: 2048, colour: 0, depth: 1 })), { type: 'png', width: 2048, height: 2048 }],
    ['image data split over three IDAT chunks', (() => {
      const z = deflateSync(raw4x3);
      return png([validHeader, chunk('IDAT', z.subarray(0, 5)), chunk('IDAT', z.subarray(5, 9)), chunk('IDAT', z.subarray(9)), iend]);
    })(), { type: 'png', width: 4, height: 3 }],
    ['ancillary chunks (gAMA, tEXt, a private one) kept', png([validHeader, chunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])), chunk('tEXt', Buffer.from('a\0b')), validIdat, chunk('prVt'), iend]), { type: 'png', width: 4, height: 3 }],

    // Chunk structure.
    ['signature only', SIGNATURE, { reason: 'not-image', detail: /no chunks/ }],
    ['broken CRC in IHDR', flip(valid, 8 + 8 + 13), { reason: 'not-image', detail: /IHDR chunk has a bad CRC/ }],
    ['broken CRC in IDAT', flip(valid, -13), { reason: 'not-image', detail: /IDAT chunk has a bad CRC/ }],
    ['broken data under a good length (CRC catches it)', flip(valid, 8 + 8 + 2), { reason: 'not-image', detail: /bad CRC/ }],
    ['truncated in the middle of IDAT', valid.subarray(0, valid.length - 20), { reason: 'not-image', detail: /runs past the end/ }],
    ['truncated inside a chunk header', valid.subarray(0, 8 + 25 + 6), { reason: 'not-image', detail: /truncated chunk/ }],
    ['chunk length of 2^32-1', png([validHeader, Buffer.from([0xff, 0xff, 0xff, 0xff, 0x49, 0x44, 0x41, 0x54]), Buffer.alloc(8)]), { reason: 'not-image', detail: /runs past the end/ }],
    ['chunk type with a digit', png([validHeader, chunk('ID4T', Buffer.alloc(1)), validIdat, iend]), { reason: 'not-image', detail: /invalid chunk type/ }],
    ['missing IEND', png([validHeader, validIdat]), { reason: 'not-image', detail: /no IEND/ }],
    ['trailing data after IEND', Buffer.concat([valid, Buffer.from('<script>')]), { reason: 'not-image', detail: /8 bytes after IEND/ }],
    ['a chunk after IEND', png([validHeader, validIdat, iend, chunk('tEXt', Buffer.from('a\0b'))]), { reason: 'not-image', detail: /after IEND/ }],
    ['IEND with data', png([validHeader, validIdat, chunk('IEND', Buffer.alloc(1))]), { reason: 'not-image', detail: /IEND chunk is not empty/ }],
    ['IHDR not first', png([chunk('gAMA', Buffer.alloc(4)), validHeader, validIdat, iend]), { reason: 'not-image', detail: /first chunk is gAMA/ }],
    ['two IHDR', png([validHeader, validHeader, validIdat, iend]), { reason: 'not-image', detail: /more than one IHDR/ }],
    ['IHDR of 12 bytes', png([chunk('IHDR', Buffer.alloc(12)), validIdat, iend]), { reason: 'not-image', detail: /IHDR is 12 bytes/ }],
    ['no IDAT', png([validHeader, iend]), { reason: 'not-image', detail: /no IDAT/ }],
    ['IDAT chunks not consecutive', (() => {
      const z = deflateSync(raw4x3);
      return png([validHeader, chunk('IDAT', z.subarray(0, 5)), chunk('tEXt', Buffer.from('a\0b')), chunk('IDAT', z.subarray(5)), iend]);
    })(), { reason: 'not-image', detail: /not consecutive/ }],
    ['unknown critical chunk', png([validHeader, chunk('HACK', Buffer.alloc(4)), validIdat, iend]), { reason: 'not-image', detail: /unknown critical chunk HACK/ }],

    // Header fields.
    ['zero width', png(chunks({ width: 0, height: 3 })), { reason: 'not-image', detail: /0x3 pixels/ }],
    ['zero height', png(chunks({ width: 3, height: 0 })), { reason: 'not-image', detail: /3x0 pixels/ }],
    ['width 2049', png(chunks({ width: 2049, height: 1, colour: 0, depth: 1 })), { reason: 'not-image', detail: /2049x1 pixels/ }],
    ['height 2^31', png([ihdr({ width: 1, height: 2 ** 31 }), validIdat, iend]), { reason: 'not-image', detail: /1x2147483648 pixels/ }],
    ['colour type 5', png([ihdr({ width: 4, height: 3, colour: 5 }), validIdat, iend]), { reason: 'not-image', detail: /unknown colour type 5/ }],
    ['RGB at 4 bits', png([ihdr({ width: 4, height: 3, colour: 2, depth: 4 }), validIdat, iend]), { reason: 'not-image', detail: /bit depth 4 is not allowed with colour type 2/ }],
    ['palette at 16 bits', png([ihdr({ width: 4, height: 3, colour: 3, depth: 16 }), validIdat, iend]), { reason: 'not-image', detail: /bit depth 16/ }],
    ['grey at 3 bits', png([ihdr({ width: 4, height: 3, colour: 0, depth: 3 }), validIdat, iend]), { reason: 'not-image', detail: /bit depth 3/ }],
    ['compression method 1', png(chunks({ width: 4, height: 3, compression: 1 })), { reason: 'not-image', detail: /compression method 1/ }],
    ['filter method 1', png(chunks({ width: 4, height: 3, filter: 1 })), { reason: 'not-image', detail: /filter method 1/ }],
    ['interlace method 2', png(chunks({ width: 4, height: 3, interlace: 2 })), { reason: 'not-image', detail: /interlace method 2/ }],

    // Palettes.
    ['palette image without PLTE', png([ihdr({ width: 2, height: 2, colour: 3 }), chunk('IDAT', deflateSync(scanlines({ width: 2, height: 2, colour: 3 }))), iend]), { reason: 'not-image', detail: /without a PLTE/ }],
    ['PLTE after IDAT', png([ihdr({ width: 2, height: 2, colour: 2 }), chunk('IDAT', deflateSync(scanlines({ width: 2, height: 2, colour: 2 }))), chunk('PLTE', Buffer.alloc(6)), iend]), { reason: 'not-image', detail: /PLTE chunk after IDAT/ }],
    ['PLTE in a grey image', png([ihdr({ width: 2, height: 2, colour: 0 }), chunk('PLTE', Buffer.alloc(6)), chunk('IDAT', deflateSync(scanlines({ width: 2, height: 2, colour: 0 }))), iend]), { reason: 'not-image', detail: /greyscale/ }],
    ['PLTE of 7 bytes', png([ihdr({ width: 2, height: 2, colour: 3 }), chunk('PLTE', Buffer.alloc(7)), chunk('IDAT', deflateSync(scanlines({ width: 2, height: 2, colour: 3 }))), iend]), { reason: 'not-image', detail: /PLTE chunk of 7 bytes/ }],
    ['3 palette entries at 1 bit', png([ihdr({ width: 2, height: 2, colour: 3, depth: 1 }), chunk('PLTE', Buffer.alloc(9)), chunk('IDAT', deflateSync(scanlines({ width: 2, height: 2, colour: 3, depth: 1 }))), iend]), { reason: 'not-image', detail: /3 palette entries for bit depth 1/ }],
    ['two PLTE', png([ihdr({ width: 2, height: 2, colour: 3 }), chunk('PLTE', Buffer.alloc(6)), chunk('PLTE', Buffer.alloc(6)), chunk('IDAT', deflateSync(scanlines({ width: 2, height: 2, colour: 3 }))), iend]), { reason: 'not-image', detail: /more than one PLTE/ }],

    // Image data.
    ['IDAT one byte short', png(chunks({ width: 4, height: 3 }, raw4x3.subarray(0, -1))), { reason: 'not-image', detail: /inflates to 50 bytes, the header implies 51/ }],
    ['IDAT one byte long', png(chunks({ width: 4, height: 3 }, Buffer.concat([raw4x3, Buffer.alloc(1)]))), { reason: 'not-image', detail: /inflates to 52 bytes, the header implies 51/ }],
    ['interlaced header, data laid out without interlacing', png([ihdr({ width: 37, height: 23, interlace: 1 }), chunk('IDAT', deflateSync(scanlines({ width: 37, height: 23 }))), iend]), { reason: 'not-image', detail: /the header implies/ }],
    ['filter type 5', png(chunks({ width: 4, height: 3 }, withByte(raw4x3, 17 * 2, 5))), { reason: 'not-image', detail: /scanline 2 has filter type 5/ }],
    ['filter type 255 in an interlaced pass', (() => {
      const raw = scanlines({ width: 8, height: 8, interlace: 1 });
      raw[raw.length - 33] = 255; // the first byte of the last scanline (1 + 8 * 4 bytes)
      return png(chunks({ width: 8, height: 8, interlace: 1 }, raw));
    })(), { reason: 'not-image', detail: /scanline 14 has filter type 255/ }],
    ['ImageMagick palette image read as 8x5 (one pixel more per row)', (() => {
      const bytes = fromBase64(IMAGEMAGICK.palette);
      return png([ihdr({ width: 8, height: 5, colour: 3, interlace: 1 }), bytes.subarray(8 + 25)]);
    })(), { reason: 'not-image', detail: /the header implies/ }],
    ['IDAT that is not zlib', png([validHeader, chunk('IDAT', Buffer.from('not zlib at all')), iend]), { reason: 'not-image', detail: /does not inflate/ }],
    ['zlib stream cut short', png([validHeader, chunk('IDAT', deflateSync(raw4x3).subarray(0, 10)), iend]), { reason: 'not-image', detail: /does not inflate/ }],
    ['data after the zlib stream', png([validHeader, chunk('IDAT', Buffer.concat([deflateSync(raw4x3), Buffer.from('extra')])), iend]), { reason: 'not-image', detail: /5 bytes after the end of the compressed/ }],
    [
      'decompression bomb: 2048x2048 grey header, 12 MB of zeros behind it',
      png([ihdr({ width: 2048, height: 2048, colour: 0 }), chunk('IDAT', deflateSync(Buffer.alloc(12 * 2 ** 20), { level: 9 })), iend]),
      { reason: 'not-image', detail: /inflates beyond the 4196352 bytes/ },
    ],
  ])('%s', (_name, bytes, expected) => {
    const result = checkLogo(bytes);
    expectResult(result, expected);
    // A PNG is stored exactly as given.
    if (result.ok) expect(result.bytes).toBe(bytes);
  });

  it('the decompression bomb is small enough to upload', () => {
    expect(deflateSync(Buffer.alloc(12 * 2 ** 20), { level: 9 }).length).toBeLessThan(MAX_LOGO_BYTES);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// SVG

const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const svg = (body: string, attributes = 'viewBox="0 0 10 10"'): string => `<svg ${SVG} ${attributes}>${body}</svg>`;

const INKSCAPE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->

<svg
   width="64mm"
   height="64mm"
   viewBox="0 0 64 64"
   version="1.1"
   id="svg5"
   inkscape:version="1.2.2 (b0a8486541, 2022-12-01)"
   sodipodi:docname="logo.svg"
   inkscape:export-filename="logo.png"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns="http://www.w3.org/2000/svg"
   xmlns:svg="http://www.w3.org/2000/svg"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
   xmlns:cc="http://creativecommons.org/ns#"
   xmlns:dc="http://purl.org/dc/elements/1.1/">
  <sodipodi:namedview
     id="namedview7"
     pagecolor="#ffffff"
     inkscape:document-units="mm"
     showgrid="false"
     inkscape:zoom="2.1"
     inkscape:current-layer="layer1">
    <inkscape:grid type="xygrid" id="grid1" />
  </sodipodi:namedview>
  <defs
     id="defs2">
    <linearGradient
       inkscape:collect="always"
       id="linearGradient1">
      <stop style="stop-color:#4f46e5;stop-opacity:1" offset="0" id="stop1" />
      <stop style="stop-color:#06b6d4;stop-opacity:1" offset="1" id="stop2" />
    </linearGradient>
    <linearGradient
       inkscape:collect="always"
       xlink:href="#linearGradient1"
       id="linearGradient2"
       x1="0" y1="0" x2="64" y2="64"
       gradientUnits="userSpaceOnUse" />
  </defs>
  <metadata id="metadata5">
    <rdf:RDF>
      <cc:Work rdf:about="">
        <dc:format>image/svg+xml</dc:format>
        <dc:type rdf:resource="http://purl.org/dc/dcmitype/StillImage" />
        <dc:title>Token logo</dc:title>
        <cc:license rdf:resource="http://creativecommons.org/licenses/by/4.0/" />
      </cc:Work>
    </rdf:RDF>
  </metadata>
  <g
     inkscape:label="Layer 1"
     inkscape:groupmode="layer"
     id="layer1">
    <circle
       style="fill:url(#linearGradient2);fill-opacity:1;stroke:none;stroke-width:0.264583"
       id="path1"
       cx="32" cy="32" r="30" />
    <path
       style="fill:#ffffff"
       d="M 20,32 32,16 44,32 32,48 Z"
       id="path2"
       sodipodi:nodetypes="ccccc"
       inkscape:path-effect="#path-effect1" />
    <text xml:space="preserve" style="font-size:8px;font-family:sans-serif" x="32" y="60" id="text1"><tspan sodipodi:role="line" id="tspan1" x="32" y="60">T&amp;K</tspan></text>
  </g>
</svg>
`;

const ILLUSTRATOR = `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.5.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
	 xmlns:x="http://ns.adobe.com/Extensibility/1.0/" xmlns:i="http://ns.adobe.com/AdobeIllustrator/10.0/"
	 xmlns:graph="http://ns.adobe.com/Graphs/1.0/" x="0px" y="0px" viewBox="0 0 100 100"
	 style="enable-background:new 0 0 100 100;" xml:space="preserve">
<style type="text/css">
	.st0{fill:url(#SVGID_1_);}
	.st1{fill:#FFFFFF;}
</style>
<metadata>
	<sfw  xmlns="http://ns.adobe.com/SaveForWeb/1.0/">
		<slices></slices>
		<sliceSourceBounds  bottomLeftOrigin="true" height="100" width="100" x="0" y="0"></sliceSourceBounds>
	</sfw>
</metadata>
<g i:extraneous="self">
	<linearGradient id="SVGID_1_" gradientUnits="userSpaceOnUse" x1="0" y1="50" x2="100" y2="50">
		<stop  offset="0" style="stop-color:#F7931A"/>
		<stop  offset="1" style="stop-color:#FFB84D"/>
	</linearGradient>
	<circle class="st0" cx="50" cy="50" r="48"/>
	<path class="st1" d="M40,30h20v40H40z"/>
</g>
</svg>
`;

/** Parses XML strictly (well-formedness and namespaces) and returns the root's namespace and local name. */
function parseStrictly(xml: string): { uri: string; local: string } {
  const parser = new SaxesParser({ xmlns: true });
  let root: { uri: string; local: string } | undefined;
  parser.on('opentag', (tag) => {
    root ??= { uri: tag.uri, local: tag.local };
  });
  parser.write(xml).close();
  if (!root) throw new Error('no root');
  return root;
}

describe('SVG that passes, sanitised', () => {
  it.each<[string, string, { width: number; height: number; kept: string[]; gone: string[] }]>([
    ['plain', svg('<rect width="10" height="10" rx="2" fill="#4f46e5"/><text x="5" y="7" font-size="4">STO</text>'), { width: 10, height: 10, kept: ['<rect width="10" height="10" rx="2" fill="#4f46e5"/>', '>STO</text>'], gone: [] }],
    [
      'Inkscape, with sodipodi, inkscape and RDF metadata',
      INKSCAPE,
      {
        width: 242,
        height: 242,
        kept: ['xlink:href="#linearGradient1"', 'xmlns:xlink="http://www.w3.org/1999/xlink"', 'fill:url(#linearGradient2)', 'xml:space="preserve"', '>T&amp;K</tspan>', 'viewBox="0 0 64 64"', 'width="64mm"'],
        gone: ['sodipodi', 'inkscape', 'namedview', 'metadata', 'rdf', 'dc:', 'cc:', 'Created with', '<!--', 'xmlns:svg', 'StillImage', 'path-effect', '<?xml'],
      },
    ],
    [
      'Illustrator, with its namespaces, SaveForWeb metadata and a style sheet',
      ILLUSTRATOR,
      {
        width: 100,
        height: 100,
        kept: ['.st0{fill:url(#SVGID_1_);}', 'class="st0"', 'enable-background:new 0 0 100 100;', 'id="SVGID_1_"', 'x="0px"'],
        gone: ['Generator', 'i:extraneous', 'xmlns:i', 'xmlns:x=', 'xmlns:graph', 'sfw', 'slices', 'metadata', 'xmlns:xlink'],
      },
    ],
    ['a BOM, blanks and an XML declaration', `\ufeff \n<?xml version="1.0"?>${svg('<circle r="1"/>', 'width="48" height="24"')}`, { width: 48, height: 24, kept: ['<circle r="1"/>'], gone: ['?xml', '\ufeff'] }],
    ['svg in a prefixed namespace', '<s:svg xmlns:s="http://www.w3.org/2000/svg" viewBox="0 0 8 4"><s:rect width="1" height="1"/></s:svg>', { width: 8, height: 4, kept: [`<svg ${SVG} viewBox="0 0 8 4"><rect`], gone: ['s:'] }],
    ['no size at all: 300 x 150', `<svg ${SVG}><g/></svg>`, { width: 300, height: 150, kept: ['<g/>'], gone: [] }],
    ['a percentage size falls back to the viewBox', svg('', 'width="100%" height="100%" viewBox="0,0,30.4,20.6"'), { width: 30, height: 21, kept: ['width="100%"'], gone: [] }],
    [
      'unknown elements are dropped with their content',
      svg('<a><rect id="in-a"/></a><switch><circle id="in-switch"/></switch><view id="v"/><animate attributeName="fill" to="red"/><feImage href="#x"/><cursor id="cur"/><mpath href="#p"/><g><rect id="kept"/></g>'),
      { width: 10, height: 10, kept: ['<g><rect id="kept"/></g>'], gone: ['in-a', 'in-switch', '<view', '<animate', 'feImage', 'cursor', 'mpath'] },
    ],
    [
      'elements from other namespaces are dropped, even an svg-named one',
      svg('<h:p xmlns:h="http://www.w3.org/1999/xhtml">hi</h:p><rect xmlns="urn:other" id="other"/><x:g xmlns:x="urn:editor"><circle id="under-editor"/></x:g>'),
      { width: 10, height: 10, kept: [], gone: ['hi', 'other', 'under-editor', 'urn:'] },
    ],
    [
      'attributes outside the allowlist are dropped',
      svg('<rect xml:base="http://example.com/" data-x="1" cursor="pointer" requiredExtensions="http://ns.adobe.com/x" systemLanguage="en" x="1" y="2" width="3" height="4" fill="red"/>'),
      { width: 10, height: 10, kept: ['<rect x="1" y="2" width="3" height="4" fill="red"/>'], gone: ['xml:base', 'data-x', 'cursor', 'requiredExtensions', 'systemLanguage'] },
    ],
    ['comments are dropped', svg('<!-- a comment --><g><!-- <script>alert(1)</script> --></g>'), { width: 10, height: 10, kept: ['<g/>'], gone: ['comment', 'script', '<!--'] }],
    ['stray text outside text elements is dropped', svg('stray<g>words<rect/></g>'), { width: 10, height: 10, kept: ['<g><rect/></g>'], gone: ['stray', 'words'] }],
    ['a CDATA style sheet is kept as escaped text', svg('<style><![CDATA[ .a > .b { fill: url(#g) } ]]></style>'), { width: 10, height: 10, kept: ['<style> .a &gt; .b { fill: url(#g) } </style>'], gone: ['CDATA'] }],
    ['child elements of style, title and desc are dropped', svg('<title>T<rect id="r1"/></title><desc>D</desc><style>.a{}<rect id="r2"/></style>'), { width: 10, height: 10, kept: ['<title>T</title>', '<desc>D</desc>', '<style>.a{}</style>'], gone: ['r1', 'r2'] }],
    ['text and attribute values are escaped', svg('<text x="1" class="a&quot;b&lt;c&#9;d&#10;e">1 &lt; 2 &amp;&amp; 3 &gt; 2 &#13;</text>'), { width: 10, height: 10, kept: ['class="a&quot;b&lt;c&#9;d&#10;e"', '>1 &lt; 2 &amp;&amp; 3 &gt; 2 &#13;</text>'], gone: [] }],
    ['use with a #fragment, href blanks removed', svg('<defs><path id="p" d="M0 0h1"/></defs><use href=" #p " x="2"/><use xlink:href="#p" xmlns:xlink="http://www.w3.org/1999/xlink"/>'), { width: 10, height: 10, kept: ['<use href="#p" x="2"/>', '<use xlink:href="#p"/>', 'xmlns:xlink='], gone: ['" #p "'] }],
    ['url(#id) in attributes and styles', svg('<rect fill="url(#g)" style="clip-path: url( \'#c\' ); mask:url(&quot;#m&quot;)" filter="url(#f)" marker-end="url(#m)"/>'), { width: 10, height: 10, kept: ['fill="url(#g)"'], gone: [] }],
    ['the word "metadata:" in a dropped attribute is not a data: URL', svg('<g inkscape:label="metadata: v2" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"/>'), { width: 10, height: 10, kept: ['<g/>'], gone: ['metadata'] }],
    ['a use referencing a group of uses, within bounds', svg(`<defs><g id="a">${'<rect/>'.repeat(10)}</g><g id="b">${'<use href="#a"/>'.repeat(10)}</g></defs>${'<use href="#b"/>'.repeat(10)}`), { width: 10, height: 10, kept: ['<use href="#b"/>'], gone: [] }],
  ])('%s', (_name, source, { width, height, kept, gone }) => {
    const result = checkLogo(Buffer.from(source));
    expect(result, result.ok ? '' : result.detail).toMatchObject({ ok: true, type: 'svg', width, height });
    if (!result.ok) return;
    const out = new TextDecoder().decode(result.bytes);
    // The stored text parses again, as SVG, and checking it again changes nothing.
    expect(parseStrictly(out)).toEqual({ uri: 'http://www.w3.org/2000/svg', local: 'svg' });
    expect(out.startsWith(`<svg ${SVG}`)).toBe(true);
    const again = checkLogo(result.bytes);
    expect(again).toMatchObject({ ok: true, type: 'svg', width, height });
    expect(again.ok && new TextDecoder().decode(again.bytes)).toBe(out);
    for (const part of kept) expect(out).toContain(part);
    for (const part of gone) expect(out).not.toContain(part);
  });
});

describe('SVG that is rejected', () => {
  const xlink = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
  it.each<[string, string, RegExp]>([
    // Scripts and embedded content.
    ['script element', svg('<script>alert(1)</script>'), /<script> element/],
    ['CDATA script', svg('<script type="text/javascript"><![CDATA[ alert(document.domain) ]]></script>'), /<script> element/],
    ['XHTML script in a dropped namespace', svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'), /<h:script> element/],
    ['script in upper case', svg('<SCRIPT>alert(1)</SCRIPT>'), /<SCRIPT> element/],
    ['script inside metadata', svg('<metadata><script>alert(1)</script></metadata>'), /<script> element/],
    ['SVG Tiny handler', svg('<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler>'), /<handler> element/],
    ['foreignObject with HTML', svg('<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>'), /<foreignObject> element/],
    ['iframe', svg('<iframe xmlns="http://www.w3.org/1999/xhtml" src="https://example.com"/>'), /<iframe> element/],
    ['embed', svg('<embed src="x.swf"/>'), /<embed> element/],
    ['object', svg('<object data="x.pdf"/>'), /<object> element/],
    ['audio', svg('<audio src="x.mp3" autoplay="autoplay"/>'), /<audio> element/],
    ['video', svg('<video src="x.mp4"/>'), /<video> element/],
    ['image with a data: URL', svg('<image href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10"/>'), /<image> element/],
    ['image with a #fragment', svg('<image href="#x"/>'), /<image> element/],

    // Event handlers.
    ['onload on the root', `<svg ${SVG} onload="alert(1)"/>`, /event handler attribute onload/],
    ['OnLoad in mixed case', `<svg ${SVG} OnLoad="alert(1)"/>`, /event handler attribute OnLoad/],
    ['onmouseover on a shape', svg('<rect width="10" height="10" onmouseover="alert(1)"/>'), /event handler attribute onmouseover/],
    ['a namespaced onclick', svg('<rect ev:onclick="alert(1)" xmlns:ev="http://www.w3.org/2001/xml-events"/>'), /event handler attribute ev:onclick/],
    ['onbegin on a dropped animation', svg('<animate attributeName="x" onbegin="alert(1)"/>'), /event handler attribute onbegin/],

    // Links and references.
    ['xlink:href="javascript:…"', svg(`<a ${xlink} xlink:href="javascript:alert(1)"><rect/></a>`), /javascript: URL in attribute xlink:href/],
    ['href with an entity-encoded tab', svg('<a href="java&#x09;script:alert(1)"><rect/></a>'), /javascript: URL in attribute href/],
    ['href with a literal line break', svg('<a href="java\nscript:alert(1)"><rect/></a>'), /javascript: URL in attribute href/],
    ['href with entity-encoded letters and a leading line break', svg('<a href="&#x0A;&#x6A;avascript&#58;alert(1)"><rect/></a>'), /javascript: URL in attribute href/],
    ['href with spaces and an upper-case scheme', svg('<a href="  JaVaScRiPt:alert(1)"><rect/></a>'), /javascript: URL in attribute href/],
    ['vbscript:', svg('<a href="vbscript:msgbox(1)"><rect/></a>'), /vbscript: URL/],
    ['external use', svg('<use href="http://evil.example/sprite.svg#x"/>'), /href is not a same-document #fragment/],
    ['relative use', svg(`<use ${xlink} xlink:href="sprite.svg#x"/>`), /xlink:href is not a same-document #fragment/],
    ['protocol-relative gradient', svg(`<linearGradient ${xlink} xlink:href="//evil.example/#g"/>`), /not a same-document #fragment/],
    ['feImage pointing out', svg('<filter><feImage href="https://evil.example/x.png"/></filter>'), /href is not a same-document #fragment/],
    ['an empty fragment', svg('<use href="#"/>'), /not a same-document #fragment/],
    ['a percent-encoded fragment', svg('<use href="#%61"/>'), /not a same-document #fragment/],
    ['data: in any attribute', svg('<rect class="x" fill="data:image/svg+xml,&lt;svg/&gt;"/>'), /data: URL in attribute fill/],
    ['data: after a blank', svg('<g inkscape:label="x data:text/html,hi" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"/>'), /data: URL in attribute inkscape:label/],

    // Animations.
    ['set attributeName="onload"', svg('<set attributeName="onload" to="alert(1)"/>'), /<set> animates onload/],
    ['animate attributeName="href"', svg('<a href="#x"><animate attributeName="href" values="#a;#b"/></a>'), /<animate> animates href/],
    ['animate attributeName="xlink:href"', svg('<animate attributeName=" xlink:href " to="#a"/>'), /<animate> animates href/],
    ['animateTransform attributeName="ONCLICK"', svg('<animateTransform attributeName="ONCLICK" to="1"/>'), /animates onclick/],
    ['animate to a javascript: URL', svg('<a href="#x"><animate attributeName="xlink:href" values="javascript:alert(1)"/></a>'), /javascript: URL in attribute values/],

    // CSS.
    ['url(http://…) in fill', svg('<rect fill="url(http://evil.example/x.svg#g)"/>'), /attribute fill: url\(http:\/\/evil/],
    ['url(…) in a style attribute', svg('<rect style="fill: URL( \'https://evil.example/p\' )"/>'), /attribute style: url\(https:/],
    ['url(…) in a style element', svg('<style>.a { background: url(//evil.example/beacon) }</style>'), /<style>: url\(\/\/evil/],
    ['a CSS-escaped url( in a style element', svg('<style>.a { fill: u\\72 l(http://evil.example/) }</style>'), /<style>: url\(http:/],
    ['a url with a relative path posing as a fragment', svg('<style>.a { fill: url(/**/#a) }</style>'), /url\(\/\*\*\/#a\)/],
    ['url(javascript:…) in a style attribute', svg('<rect style="fill:url(javascript:alert(1))"/>'), /javascript: URL in attribute style/],
    ['@import', svg('<style>@import "https://evil.example/x.css";</style>'), /<style>: @import/],
    ['@import url(#x)', svg('<style>@import url(#x);</style>'), /@import/],
    ['CSS-escaped @import', svg('<style>@\\69mport "x.css";</style>'), /@import/],
    ['@import split by a comment the output would drop', svg('<style>@im<!-- -->port "x.css";</style>'), /<style>: @import/],
    ['image-set() in a style element', svg('<style>.a { background-image: -webkit-image-set("https://evil.example/x.png" 1x) }</style>'), /image-set\(\) can load/],
    ['url() in a style element of another namespace', svg('<h:style xmlns:h="http://www.w3.org/1999/xhtml">a { background: url(https://evil.example/) }</h:style>'), /<style>: url/],
    ['url() with a no-break space before the #', svg('<rect fill="url(\u00a0#a)"/>'), /attribute fill: url\(\u00a0#a\) is not a #fragment/],
    ['quoted url() with a no-break space before the #', svg('<style>.a { fill: url("\u00a0#a") }</style>'), /<style>: url\(\u00a0#a\)/],
    ['unterminated url(', svg('<rect style="fill:url(https://evil.example"/>'), /attribute style: url\(https/],

    // XML features.
    ['DOCTYPE with entities (billion laughs)', `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>${svg('<text>&c;</text>')}`, /DOCTYPE/],
    ['DOCTYPE with an external entity (XXE)', `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${svg('<text>&x;</text>')}`, /DOCTYPE/],
    ['the SVG 1.1 DOCTYPE', `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${svg('')}`, /DOCTYPE/],
    ['an undefined entity', svg('<text>&nbsp;</text>'), /not well-formed XML: undefined entity/],
    ['an xml-stylesheet processing instruction', `<?xml-stylesheet type="text/css" href="https://evil.example/x.css"?>${svg('')}`, /processing instruction <\?xml-stylesheet\?>/],
    ['a processing instruction inside', svg('<?php echo 1; ?>'), /processing instruction <\?php\?>/],
    ['a declared encoding other than UTF-8', `<?xml version="1.0" encoding="ISO-8859-1"?>${svg('')}`, /declares encoding ISO-8859-1/],

    // Not SVG.
    ['an html root', '<html xmlns="http://www.w3.org/1999/xhtml"><body><svg xmlns="http://www.w3.org/2000/svg"/></body></html>', /root element is <html>/],
    ['svg in the XHTML namespace', '<svg xmlns="http://www.w3.org/1999/xhtml" viewBox="0 0 1 1"/>', /root element is <svg> in namespace "http:\/\/www.w3.org\/1999\/xhtml"/],
    ['svg in no namespace', '<svg viewBox="0 0 1 1"><rect/></svg>', /root element is <svg> in namespace ""/],
    ['an unclosed element', `<svg ${SVG}><g>`, /not well-formed XML/],
    ['mismatched tags', `<svg ${SVG}><g></rect></svg>`, /not well-formed XML/],
    ['an unbound prefix', svg('<x:g/>'), /not well-formed XML: unbound namespace prefix/],
    ['a duplicate attribute', svg('<rect x="1" x="2"/>'), /not well-formed XML: duplicate attribute/],
    ['text after the root', `${svg('')}<script>alert(1)</script>`, /not well-formed XML/],
    ['two roots', `${svg('')}${svg('')}`, /not well-formed XML/],
    ['a bare <', '<', /not well-formed XML/],
    ['HTML-style unquoted attributes', `<svg ${SVG} width=10></svg>`, /not well-formed XML/],

    // Bounds.
    ['10 001 elements', svg('<g/>'.repeat(10_000)), /more than 10000 elements/],
    ['65 levels deep', `<svg ${SVG}>${'<g>'.repeat(64)}${'</g>'.repeat(64)}</svg>`, /nested deeper than 64/],
    ['a use bomb (10 levels of 10 uses)', svg(`<defs><rect id="l0"/>${Array.from({ length: 9 }, (_, i) => `<g id="l${i + 1}">${`<use href="#l${i}"/>`.repeat(10)}</g>`).join('')}</defs><use href="#l9"/>`), /use references expand to more than 100000 elements/],
    ['a use loop', svg('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'), /use references form a loop/],
    ['a use of its own ancestor', svg('<g id="a"><g><use href="#a"/></g></g>'), /use references form a loop/],
    ['a chain of 40 uses', svg(`<rect id="u0"/>${Array.from({ length: 40 }, (_, i) => `<g id="u${i + 1}"><use href="#u${i}"/></g>`).join('')}`), /use references nest deeper than 32/],
  ])('%s', (_name, source, detail) => {
    expectResult(checkLogo(Buffer.from(source)), { reason: 'not-image', detail });
  });

  it('64 levels of nesting and 10 000 elements are still fine', () => {
    expect(checkLogo(Buffer.from(`<svg ${SVG}>${'<g>'.repeat(63)}${'</g>'.repeat(63)}</svg>`))).toMatchObject({ ok: true });
    expect(checkLogo(Buffer.from(svg('<g/>'.repeat(9_999))))).toMatchObject({ ok: true });
  });
});

describe('bounded work', () => {
  // Each took seconds or more with a regular expression that rescanned long identifiers (quadratic); now milliseconds.
  it.each<[string, string]>([
    ['a 200 KB identifier after a parenthesis', `<svg ${SVG} class="(${'a'.repeat(MAX_LOGO_BYTES - 60)}"/>`],
    ['200 KB of CSS escapes', `<svg ${SVG}><style>${'\\61 '.repeat(MAX_LOGO_BYTES / 4 - 20)}</style></svg>`],
    ['a style sheet of 100 000 functions', `<svg ${SVG}><style>${'a('.repeat(MAX_LOGO_BYTES / 2 - 50)}</style></svg>`],
    ['18 000 attributes on one element', svg(`<rect ${Array.from({ length: 18_000 }, (_, i) => `a${i}="1"`).join(' ')}/>`)],
    ['9 000 uses of one group', svg(`<g id="a"><rect/></g>${'<use href="#a"/>'.repeat(9_000)}`)],
  ])('%s', (_name, source) => {
    const bytes = Buffer.from(source);
    expect(bytes.length).toBeLessThanOrEqual(MAX_LOGO_BYTES);
    const started = performance.now();
    checkLogo(bytes);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('a detail quoting the upload is one short line', () => {
    const result = checkLogo(Buffer.from(`<svg xmlns="urn:${'x'.repeat(5_000)}&#10;forged log line"/>`));
    expect(result).toMatchObject({ ok: false, reason: 'not-image' });
    const detail = result.ok ? '' : result.detail;
    expect(detail.length).toBeLessThanOrEqual(200);
    expect(detail).not.toMatch(/\n/);
  });

  it('a detail quoting a control character replaces it', () => {
    const result = checkLogo(Buffer.from(`<svg xmlns="urn:a&#10;b"/>`));
    expect(result.ok ? '' : result.detail).toMatch(/urn:a\?b/);
  });
});

describe('never throws', () => {
  /** A small deterministic generator (mulberry32). */
  function random(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it.each<[string, Buffer]>([
    ['PNG', png(chunks({ width: 9, height: 5, colour: 3, depth: 4, interlace: 1 }))],
    ['Inkscape SVG', Buffer.from(INKSCAPE)],
    ['Illustrator SVG', Buffer.from(ILLUSTRATOR)],
  ])('on 400 mutations of a valid %s', (_name, bytes) => {
    const next = random(bytes.length);
    for (let n = 0; n < 400; n++) {
      const copy = Buffer.from(bytes);
      for (let k = 1 + Math.floor(next() * 4); k > 0; k--) copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
      const cut = next() < 0.2 ? copy.subarray(0, Math.floor(next() * copy.length)) : copy;
      const result = checkLogo(cut);
      if (result.ok) {
        expect(result.width).toBeGreaterThan(0);
        // Whatever passed is stored as checked: checking the stored bytes again gives the same bytes.
        if (result.type === 'svg') expect(checkLogo(result.bytes)).toEqual(result);
      } else {
        expect(result.detail).not.toMatch(/could not be checked/);
      }
    }
  });
});
