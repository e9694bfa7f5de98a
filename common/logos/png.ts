// PNG logos: every chunk walked and CRC-checked, the header validated, the image data really inflated.
import { crc32, inflateSync } from 'node:zlib';
import { notImage } from './not-image.ts';

/** The 8 bytes every PNG starts with. */
export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** Largest width and height accepted, in pixels. */
export const MAX_PNG_SIDE = 2048;

interface Header {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
}

/** Allowed bit depths of each colour type (grey, RGB, palette, grey + alpha, RGBA), and its samples per pixel. */
const COLOUR_TYPES = new Map<number, { depths: readonly number[]; samples: number }>([
  [0, { depths: [1, 2, 4, 8, 16], samples: 1 }],
  [2, { depths: [8, 16], samples: 3 }],
  [3, { depths: [1, 2, 4, 8], samples: 1 }],
  [4, { depths: [8, 16], samples: 2 }],
  [6, { depths: [8, 16], samples: 4 }],
]);

/** Adam7 passes: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** True when the bytes start with the PNG signature. */
export function hasPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Width and height of a well-formed, decodable PNG; throws NotImage naming the first problem. */
export function checkPng(bytes: Uint8Array): { width: number; height: number } {
  if (!hasPngSignature(bytes)) notImage('no PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: Header | undefined;
  let paletteSeen = false;
  const idat: Uint8Array[] = [];
  let idatClosed = false;
  let ended = false;
  let pos = PNG_SIGNATURE.length;
  while (pos < bytes.length) {
    if (ended) notImage(`${bytes.length - pos} bytes after IEND`);
    if (bytes.length - pos < 12) notImage(`truncated chunk at byte ${pos}`);
    const length = view.getUint32(pos);
    if (length > bytes.length - pos - 12) notImage(`chunk at byte ${pos} runs past the end of the file`);
    const typeBytes = bytes.subarray(pos + 4, pos + 8);
    if (!typeBytes.every((b) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a))) notImage(`invalid chunk type at byte ${pos}`);
    const type = String.fromCharCode(...typeBytes);
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    if (crc32(bytes.subarray(pos + 4, pos + 8 + length)) >>> 0 !== view.getUint32(pos + 8 + length)) notImage(`${type} chunk has a bad CRC`);
    pos += 12 + length;

    if (!header) {
      if (type !== 'IHDR') notImage(`first chunk is ${type}, not IHDR`);
      header = readHeader(data);
      continue;
    }
    if (type === 'IHDR') notImage('more than one IHDR chunk');
    if (type !== 'IDAT' && idat.length > 0) idatClosed = true;
    switch (type) {
      case 'PLTE':
        checkPalette(header, data, paletteSeen, idat.length > 0);
        paletteSeen = true;
        break;
      case 'IDAT':
        if (idatClosed) notImage('IDAT chunks are not consecutive');
        if (header.colourType === 3 && !paletteSeen) notImage('palette image without a PLTE chunk before its IDAT');
        idat.push(data);
        break;
      case 'IEND':
        if (length !== 0) notImage('IEND chunk is not empty');
        ended = true;
        break;
      default:
        // Bit 5 of the first letter clear (upper case) marks a critical chunk: one a decoder must understand.
        if (type.charCodeAt(0) < 0x61) notImage(`unknown critical chunk ${type}`);
    }
  }
  if (!header) notImage('no chunks after the signature');
  if (idat.length === 0) notImage('no IDAT chunk');
  if (!ended) notImage('no IEND chunk');
  checkImageData(header, idat);
  return { width: header.width, height: header.height };
}

/** The IHDR fields, each within the PNG specification and the logo limits. */
function readHeader(data: Uint8Array): Header {
  if (data.length !== 13) notImage(`IHDR is ${data.length} bytes, not 13`);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const width = view.getUint32(0);
  const height = view.getUint32(4);
  const [bitDepth = 0, colourType = 0, compression, filter, interlace] = data.subarray(8);
  if (width < 1 || height < 1 || width > MAX_PNG_SIDE || height > MAX_PNG_SIDE) {
    notImage(`${width}x${height} pixels: each side must be 1 to ${MAX_PNG_SIDE}`);
  }
  const type = COLOUR_TYPES.get(colourType);
  if (!type) notImage(`unknown colour type ${colourType}`);
  if (!type.depths.includes(bitDepth)) notImage(`bit depth ${bitDepth} is not allowed with colour type ${colourType}`);
  if (compression !== 0) notImage(`unknown compression method ${compression}`);
  if (filter !== 0) notImage(`unknown filter method ${filter}`);
  if (interlace !== 0 && interlace !== 1) notImage(`unknown interlace method ${interlace}`);
  return { width, height, bitDepth, colourType, interlaced: interlace === 1 };
}

/** PLTE: only for colour images, once, before the image data, 1 to 256 entries (at most 2^depth in a palette image). */
function checkPalette(header: Header, data: Uint8Array, seen: boolean, afterIdat: boolean): void {
  if (header.colourType === 0 || header.colourType === 4) notImage('PLTE chunk in a greyscale image');
  if (seen) notImage('more than one PLTE chunk');
  if (afterIdat) notImage('PLTE chunk after IDAT');
  const entries = data.length / 3;
  if (!Number.isInteger(entries) || entries < 1 || entries > 256) notImage(`PLTE chunk of ${data.length} bytes`);
  if (header.colourType === 3 && entries > 2 ** header.bitDepth) notImage(`${entries} palette entries for bit depth ${header.bitDepth}`);
}

/** Width and height of each non-empty pass: the whole image, or the seven Adam7 passes. */
function passes(header: Header): { width: number; height: number }[] {
  const all = header.interlaced
    ? ADAM7.map(([x0, y0, dx, dy]) => ({
        width: Math.max(0, Math.ceil((header.width - x0) / dx)),
        height: Math.max(0, Math.ceil((header.height - y0) / dy)),
      }))
    : [{ width: header.width, height: header.height }];
  // An empty pass has no scanlines at all, not even filter bytes.
  return all.filter((p) => p.width > 0 && p.height > 0);
}

/**
 * Inflates the image data, never to more than the header implies (a decompression bomb stops there), and checks
 * its length and each scanline's filter type.
 */
function checkImageData(header: Header, idat: Uint8Array[]): void {
  const bitsPerPixel = header.bitDepth * (COLOUR_TYPES.get(header.colourType)?.samples ?? 0);
  const layout = passes(header).map((p) => ({ rows: p.height, rowBytes: 1 + Math.ceil((p.width * bitsPerPixel) / 8) }));
  const expected = layout.reduce((sum, p) => sum + p.rows * p.rowBytes, 0);
  const compressed = Buffer.concat(idat);
  let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
  try {
    // With `info` the result also tells how much input the stream used (typed as a plain Buffer by @types/node).
    inflated = inflateSync(compressed, { maxOutputLength: expected + 1, info: true }) as unknown as typeof inflated;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') notImage(`image data inflates beyond the ${expected} bytes the header implies`);
    notImage(`image data does not inflate (${error instanceof Error ? error.message : 'zlib error'})`);
  }
  const raw = inflated.buffer;
  if (raw.length !== expected) notImage(`image data inflates to ${raw.length} bytes, the header implies ${expected}`);
  if (inflated.engine.bytesWritten !== compressed.length) notImage(`${compressed.length - inflated.engine.bytesWritten} bytes after the end of the compressed image data`);
  let offset = 0;
  let row = 0;
  for (const pass of layout) {
    for (let y = 0; y < pass.rows; y++, row++) {
      const filter = raw[offset] ?? 0;
      if (filter > 4) notImage(`scanline ${row} has filter type ${filter}`);
      offset += pass.rowBytes;
    }
  }
}
