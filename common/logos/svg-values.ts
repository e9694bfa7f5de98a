// Checks of attribute values (entities are already decoded by the XML parser).

/** Whitespace (any Unicode space) and C0/C1 control characters, which URL parsers skip or strip. */
// eslint-disable-next-line no-control-regex -- control characters are what these strip
const BLANK_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/gu;
// eslint-disable-next-line no-control-regex -- control characters are what these strip
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/gu;
/** A scheme that runs or embeds something, not preceded by a character that would make it part of a longer scheme. */
const HOSTILE_SCHEME = /(?:^|[^a-z0-9+.-])(javascript|vbscript|data):/;
/** `#` and an XML name: a reference to an element of the same document, nothing that could leave it. */
const FRAGMENT = /^#[\p{L}\p{M}\p{N}_.:-]+$/u;

/**
 * The hostile scheme (javascript, vbscript, data) a value holds anywhere, or null. Checked twice: with every
 * blank and control character stripped (`java&#x09;script:`, `j a v a…`), and with only control characters
 * stripped and blanks kept as separators (so `x data:` is found while `metadata:` is not).
 */
export function hostileScheme(value: string): string | null {
  const compact = value.replace(BLANK_OR_CONTROL, '').toLowerCase();
  const spaced = value.replace(CONTROL, '').toLowerCase();
  return HOSTILE_SCHEME.exec(compact)?.[1] ?? HOSTILE_SCHEME.exec(spaced)?.[1] ?? null;
}

/** The `#id` an href value refers to (blanks and control characters removed), or null when it is anything else. */
export function sameDocumentFragment(value: string): string | null {
  const compact = value.replace(BLANK_OR_CONTROL, '');
  return FRAGMENT.test(compact) ? compact : null;
}

/**
 * True when a url() argument is a same-document `#id`. Only what a URL parser strips around a URL is trimmed (C0
 * controls and space): `url(\u00a0#a)` is a relative URL, not a fragment.
 */
export function isFragmentUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this trims
  return FRAGMENT.test(value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, ''));
}
