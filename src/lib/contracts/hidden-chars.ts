// Characters that change how source code looks without being seen. Trojan Source (CVE-2021-42574) hides code from a
// reviewer with bidirectional controls inside comments and strings: the compiler reads one order, the screen shows
// another. The source view therefore shows each of these characters as a visible marker instead of the character.

/** A run of ordinary text, or one hidden character to show as a marker. */
export type TextPiece =
  | { hidden: false; text: string }
  | { hidden: true; text: string; codePoint: string; name: string };

const NAMES: Readonly<Record<number, string>> = {
  0x061c: 'ARABIC LETTER MARK',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  // Browsers break the line at these, which would put code on a screen line without a line number of its own.
  0x0085: 'NEXT LINE',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
};

/** Whether a character code is shown as a marker: bidi controls and marks, NEL/LS/PS, and control characters other than tab, LF and CR. */
function isHiddenChar(c: number): boolean {
  if (c === 0x09 || c === 0x0a || c === 0x0d) return false;
  return c < 0x20 || (c >= 0x7f && c <= 0x9f) || NAMES[c] !== undefined;
}

/** 'U+202E' for a character code. */
function codePointLabel(c: number): string {
  return `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Cuts text into ordinary runs and single hidden characters (linear; every hidden character is in the BMP). */
export function splitHidden(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isHiddenChar(c)) continue;
    if (i > from) pieces.push({ hidden: false, text: text.slice(from, i) });
    pieces.push({ hidden: true, text: text[i] ?? '', codePoint: codePointLabel(c), name: NAMES[c] ?? 'CONTROL CHARACTER' });
    from = i + 1;
  }
  if (from < text.length) pieces.push({ hidden: false, text: from === 0 ? text : text.slice(from) });
  return pieces;
}

/** The marker shown in place of a hidden character: '⟨U+202E⟩'. */
export function hiddenMarker(piece: { codePoint: string }): string {
  return `⟨${piece.codePoint}⟩`;
}

/** Text with every hidden character replaced by its marker, for places that take plain text (attributes, labels). */
export function revealHidden(text: string): string {
  return splitHidden(text)
    .map((piece) => (piece.hidden ? hiddenMarker(piece) : piece.text))
    .join('');
}
