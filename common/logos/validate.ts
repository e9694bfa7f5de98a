// Checks an uploaded token logo by its content alone, for the website server and the indexer alike.
import { NotImage } from './not-image.ts';
import { checkPng, hasPngSignature } from './png.ts';
import { checkSvg, looksLikeMarkup } from './svg.ts';
import { MAX_LOGO_BYTES } from './limits.ts';
import { errorMessage } from '../errors.ts';

export { MAX_LOGO_BYTES } from './limits.ts';

/** The kinds of logo accepted. */
export type LogoType = 'png' | 'svg';

/** The verdict on an upload: a logo (bytes: the PNG as given, or the sanitised SVG as UTF-8), or why not. */
export type LogoCheck =
  | { ok: true; type: LogoType; bytes: Uint8Array; width: number; height: number }
  | { ok: false; reason: 'empty' | 'too-large' | 'not-image'; detail: string };

/** Content-Type of each kind of logo. */
export const LOGO_CONTENT_TYPES: Record<LogoType, string> = Object.freeze({ png: 'image/png', svg: 'image/svg+xml' });

/** Formats refused by name in the detail, by their first bytes. */
const OTHER_FORMATS: readonly [string, (b: Uint8Array) => boolean][] = [
  ['a PNG with a damaged signature', (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47],
  ['GIF', (b) => String.fromCharCode(...b.subarray(0, 4)) === 'GIF8'],
  ['JPEG', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['WebP', (b) => String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP'],
  ['AVIF or HEIC', (b) => String.fromCharCode(...b.subarray(4, 8)) === 'ftyp'],
];

/** Longest detail returned: names and URIs quoted from an upload can be as long as the upload. */
const MAX_DETAIL = 200;

/** A detail safe to log: one line, control characters replaced, at most MAX_DETAIL characters. */
function logLine(detail: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this replaces
  const line = detail.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL - 1)}…` : line;
}

/** Decides what the bytes are by their content (never by name or declared type) and checks them. */
export function checkLogo(bytes: Uint8Array): LogoCheck {
  try {
    if (bytes.length === 0) return { ok: false, reason: 'empty', detail: 'no bytes' };
    if (bytes.length > MAX_LOGO_BYTES) return { ok: false, reason: 'too-large', detail: `${bytes.length} bytes, more than ${MAX_LOGO_BYTES}` };
    if (hasPngSignature(bytes)) return { ok: true, type: 'png', bytes, ...checkPng(bytes) };
    if (looksLikeMarkup(bytes)) return { ok: true, type: 'svg', ...checkSvg(bytes) };
    const other = OTHER_FORMATS.find(([, test]) => test(bytes))?.[0];
    return { ok: false, reason: 'not-image', detail: other ? `${other}, not PNG or SVG` : 'neither PNG nor SVG' };
  } catch (error) {
    // Nothing may escape: any other failure (a bug, a stack overflow) is a refusal too.
    const detail = error instanceof NotImage ? error.message : `could not be checked (${errorMessage(error)})`;
    return { ok: false, reason: 'not-image', detail: logLine(detail) };
  }
}
