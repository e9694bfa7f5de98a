// SVG logos: UTF-8 text parsed, checked and sanitised, then written out again from the parsed tree.
import { notImage } from './not-image.ts';
import { parseSvg } from './svg-parse.ts';
import { svgSize } from './svg-size.ts';
import { checkUseExpansion } from './svg-use.ts';
import { writeSvg } from './svg-write.ts';

/** True when the bytes start like markup: an optional UTF-8 BOM, XML blanks, then `<`. */
export function looksLikeMarkup(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d) i++;
  return bytes[i] === 0x3c;
}

/** The sanitised SVG as UTF-8 bytes and its intrinsic size; throws NotImage when it is not a safe SVG document. */
export function checkSvg(bytes: Uint8Array): { bytes: Uint8Array; width: number; height: number } {
  let text: string;
  try {
    // Strict UTF-8; a BOM is dropped.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    notImage('not UTF-8 text');
  }
  // Blanks before the XML declaration are not XML, but harmless: the document is written out anew.
  const root = parseSvg(text.replace(/^[ \t\r\n]+/, ''));
  checkUseExpansion(root);
  return { bytes: new TextEncoder().encode(writeSvg(root)), ...svgSize(root) };
}
