// The web's security headers of every answer of the site. Pages get a Content-Security-Policy that lets
// scripts run only from this origin or as one of the page's own inline scripts, named by their SHA-256 hashes (the
// head script, Astro's island loaders and the small component scripts Astro inlines): never 'unsafe-inline' or
// 'unsafe-eval' for scripts, so markup that slipped into a page, an inline event handler or a javascript: URL cannot
// run. Every answer gets the headers that need no page: nosniff, the referrer policy, no framing, and
// Strict-Transport-Security when the visitor came over https. Used by the site's middleware (pages it renders) and by
// site-server.ts (the prerendered legal pages and the built files it sends itself).
import { textMemo } from './text-memo.ts';
import { createHash } from 'node:crypto';
import { trustedProxy } from './request-checks.ts';
import { siteSettings } from './settings.ts';

/** Minimal view of request headers (a Fetch Headers or a Node IncomingMessage's, through a getter). */
export interface HeaderReader {
  get(name: string): string | null | undefined;
}

/** Max-age of Strict-Transport-Security: one year, as browsers' preload lists expect. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** Script types a browser runs (no type, the JavaScript MIME types, module); anything else is a data block. */
const RUNNABLE_TYPE = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/(?:javascript1\.[0-5]|jscript|livescript))$/i;
/** Elements whose content is text up to their end tag, never markup: a '<script' inside them is not a script. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

/** The value of one attribute in a tag's attribute text (attributes read in order, values quoted or not), or null. */
function attribute(attrs: string, name: string): string | null {
  for (const m of attrs.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    if (m[1]?.toLowerCase() === name) return m[2] ?? m[3] ?? m[4] ?? '';
  }
  return null;
}

/** One element start tag of a page: its name, attribute text and where its content starts. */
interface StartTag {
  name: string;
  attrs: string;
  end: number;
}

/**
 * The start tags of an HTML document in order, read as a browser's tokenizer does for the markup this site writes:
 * comments are skipped, a '>' inside a quoted attribute value does not end the tag (so chain text such as
 * `value="<script>"` is never taken for a script), and raw-text elements are skipped to their end tag.
 */
function* startTags(html: string): Generator<StartTag> {
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) return;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    TAG_NAME.lastIndex = lt + 1;
    const name = TAG_NAME.exec(html)?.[0].toLowerCase();
    if (!name) {
      i = lt + 1;
      continue;
    }
    let j = lt + 1 + name.length;
    let quote: string | null = null;
    for (; j < html.length; j++) {
      const c = html[j];
      if (quote !== null) {
        if (c === quote) quote = null;
      } else if ((c === '"' || c === "'") && afterEquals(html, j, lt)) {
        quote = c;
      } else if (c === '>') {
        break;
      }
    }
    const tag: StartTag = { name, attrs: html.slice(lt + 1 + name.length, j), end: Math.min(j + 1, html.length) };
    yield tag;
    i = tag.end;
    if (RAW_TEXT.has(name)) {
      const close = endTagAt(html, name, i);
      i = close < 0 ? html.length : close;
    }
  }
}

/** A tag name where a '<' is (from just after the '<'). */
const TAG_NAME = /[a-zA-Z][a-zA-Z0-9-]*/y;
const END_TAGS = new Map<string, RegExp>();

/**
 * Where the first `</name` (any case) at or after `from` starts, or -1. Searched in the page itself: a lower-cased
 * copy is not always as long as the page (U+0130 'İ' lower-cases to two code units), so its offsets could drift.
 */
function endTagAt(html: string, name: string, from: number): number {
  let re = END_TAGS.get(name);
  if (!re) END_TAGS.set(name, (re = new RegExp(`</${name}`, 'gi')));
  re.lastIndex = from;
  return re.exec(html)?.index ?? -1;
}

/** Whether the quote at `at` opens an attribute value: an '=' before it, whitespace between (within the tag). */
function afterEquals(html: string, at: number, tagStart: number): boolean {
  // Up to 8 characters back, as a browser's tokenizer would see `name = "…"`.
  for (let k = at - 1; k >= Math.max(tagStart, at - 8); k--) {
    const c = html.charCodeAt(k);
    if (c === 61) return true; // '='
    if (c !== 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13) return false;
  }
  return false;
}

/** Hashes of inline scripts by text: every page inlines the same few (the head script, island loaders). */
const scriptHash = textMemo((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);

/**
 * The CSP source expressions ('sha256-…') of the inline scripts a page runs, in document order and without repeats.
 * External scripts (src) and data blocks (application/json, the after-paint placeholders) are not hashed.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const tag of startTags(html)) {
    if (tag.name !== 'script' || attribute(tag.attrs, 'src') !== null) continue;
    const type = (attribute(tag.attrs, 'type') ?? '').trim();
    if (!RUNNABLE_TYPE.test(type)) continue;
    const close = endTagAt(html, 'script', tag.end);
    hashes.add(scriptHash(html.slice(tag.end, close < 0 ? html.length : close)));
  }
  return [...hashes];
}

/** The origin of the indexer browsers call (PUBLIC_INDEXER_URL) when it is another one than the site's; else null. */
export function indexerOrigin(publicIndexerUrl: string): string | null {
  if (!/^https?:\/\//i.test(publicIndexerUrl)) return null;
  try {
    return new URL(publicIndexerUrl).origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of a page:
 * - scripts: this origin and the page's inline scripts by hash; no eval, no inline handlers, no plugins;
 * - connections: this origin (server islands, the theme and admin forms) and the indexer the live parts call;
 * - images: any http(s) or data: image (NFT images and token logos are wherever their owners put them; an <img> never
 *   runs script) and blob: (the token admin's preview of a chosen file);
 * - styles: this origin and inline (each page inlines its stylesheet; styles cannot run script);
 * - no framing of the site by anyone (frame-ancestors 'none'), no <base> and forms only to this origin.
 */
export function contentSecurityPolicy(html: string, opts: { publicIndexerUrl: string }): string {
  const indexer = indexerOrigin(opts.publicIndexerUrl);
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self'",
    ['connect-src', "'self'", ...(indexer ? [indexer] : [])].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

/**
 * Whether the visitor reached the site over https: the request's own scheme, or the X-Forwarded-Proto a trusted
 * proxy (TRUST_PROXY=loopback|private, as for the site's origin checks) sets when it ends TLS.
 */
export function servedOverHttps(protocol: string, headers: HeaderReader, peer: string, setting: string = siteSettings().TRUST_PROXY ?? ''): boolean {
  if (protocol.replace(/:$/, '').toLowerCase() === 'https') return true;
  if (!trustedProxy(peer, setting)) return false;
  return (headers.get('x-forwarded-proto') ?? '').split(',')[0]?.trim().toLowerCase() === 'https';
}

/** The headers every answer carries (pages add their Content-Security-Policy). */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // For browsers without frame-ancestors; pages say it in their policy too.
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` } : {}),
  };
}
