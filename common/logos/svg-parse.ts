// Parses an SVG logo with a real XML parser, rejecting what is hostile and keeping only what is allowed.
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import { notImage } from './not-image.ts';
import { cssHazard } from './svg-css.ts';
import {
  isAnimation, KEPT_ATTRIBUTES, KEPT_ELEMENTS, LEAF_ELEMENTS, REJECTED_ELEMENTS, SVG_NS, TEXT_ELEMENTS, XLINK_NS, XML_NS, XMLNS_NS,
} from './svg-policy.ts';
import type { SvgElement } from './svg-tree.ts';
import { hostileScheme, sameDocumentFragment } from './svg-values.ts';

/** Most elements a logo may have, kept or not. */
export const MAX_SVG_ELEMENTS = 10_000;
/** Deepest nesting of elements a logo may have. */
export const MAX_SVG_DEPTH = 64;

/** One open element while parsing: what is kept of it (null when dropped), and a style element's text so far. */
interface Frame {
  kept: SvgElement | null;
  css: string[] | null;
}

const XML_BLANKS = /^[ \t\r\n]*$/;
const ENCODINGS = /^(utf-?8|us-ascii)$/i;

/** Rejects an attribute that runs script or points outside the document, wherever it is (kept or not). */
function checkAttribute({ name, local, uri, value }: SaxesAttributeNS): void {
  if (/^on/i.test(local)) notImage(`event handler attribute ${name}`);
  const scheme = hostileScheme(value);
  if (scheme) notImage(`${scheme}: URL in attribute ${name}`);
  if (local.toLowerCase() === 'href' && uri !== XMLNS_NS && !sameDocumentFragment(value)) notImage(`${name} is not a same-document #fragment`);
  const hazard = cssHazard(value);
  if (hazard) notImage(`attribute ${name}: ${hazard}`);
}

/** Rejects set and animate* elements that would change an href or an event handler. */
function checkAnimation(tag: SaxesTagNS): void {
  const target = tag.attributes['attributeName']?.value.trim().toLowerCase().replace(/^[^:]*:/, '');
  if (target === 'href' || target?.startsWith('on')) notImage(`<${tag.name}> animates ${target}`);
}

/** The allowed attributes of a kept element, under their output names (href reduced to its #fragment). */
function keptAttributes(attributes: SaxesAttributeNS[]): [string, string][] {
  const kept: [string, string][] = [];
  for (const { local, uri, value } of attributes) {
    let name: string | undefined;
    if (uri === '' && KEPT_ATTRIBUTES.has(local)) name = local;
    else if (uri === XLINK_NS && local === 'href') name = 'xlink:href';
    else if (uri === XML_NS && (local === 'space' || local === 'lang')) name = `xml:${local}`;
    if (name === undefined || kept.some(([n]) => n === name)) continue;
    kept.push([name, local === 'href' ? (sameDocumentFragment(value) ?? '') : value]);
  }
  return kept;
}

/** Appends text to a kept element, merging it with the text before (left apart by a dropped comment or element). */
function appendText(element: SvgElement, text: string): void {
  const last = element.children.length - 1;
  const previous = element.children[last];
  if (typeof previous === 'string') element.children[last] = previous + text;
  else element.children.push(text);
}

/**
 * The sanitised tree of an SVG document; throws NotImage when it is not well-formed XML, its root is not an SVG
 * `svg` element, or it holds anything hostile (DOCTYPE, processing instructions, scripts, embedded content, event
 * handlers, references outside the document, hostile URLs or CSS). Comments, other namespaces (editor data) and
 * elements or attributes outside the allowlists are dropped.
 */
export function parseSvg(xml: string): SvgElement {
  const parser = new SaxesParser({ xmlns: true, position: false, forceXMLVersion: true, defaultXMLVersion: '1.0' });
  const stack: Frame[] = [];
  let root: SvgElement | undefined;
  let count = 0;

  parser.on('error', (error) => notImage(`not well-formed XML: ${error.message}`));
  parser.on('xmldecl', ({ encoding }) => {
    if (encoding !== undefined && !ENCODINGS.test(encoding)) notImage(`declares encoding ${encoding}, not UTF-8`);
  });
  parser.on('doctype', () => notImage('DOCTYPE declaration'));
  parser.on('processinginstruction', ({ target }) => notImage(`processing instruction <?${target}?>`));
  parser.on('opentag', (tag) => {
    if (++count > MAX_SVG_ELEMENTS) notImage(`more than ${MAX_SVG_ELEMENTS} elements`);
    if (stack.length >= MAX_SVG_DEPTH) notImage(`elements nested deeper than ${MAX_SVG_DEPTH}`);
    const parent = stack.at(-1);
    if (!parent && (tag.local !== 'svg' || tag.uri !== SVG_NS)) notImage(`root element is <${tag.name}> in namespace "${tag.uri}", not <svg> in the SVG namespace`);
    const lower = tag.local.toLowerCase();
    if (REJECTED_ELEMENTS.has(lower)) notImage(`<${tag.name}> element`);
    const attributes = Object.values(tag.attributes);
    attributes.forEach(checkAttribute);
    if (isAnimation(lower)) checkAnimation(tag);

    const keep = tag.uri === SVG_NS && KEPT_ELEMENTS.has(tag.local) && (!parent || (parent.kept !== null && !LEAF_ELEMENTS.has(parent.kept.name)));
    const element: SvgElement | null = keep ? { name: tag.local, attributes: keptAttributes(attributes), children: [] } : null;
    if (element) {
      if (parent?.kept) parent.kept.children.push(element);
      root ??= element;
    }
    stack.push({ kept: element, css: lower === 'style' ? [] : null });
  });
  parser.on('closetag', () => {
    const frame = stack.pop();
    if (!frame?.css) return;
    // A style sheet is checked as a whole, as it is written out: a dropped comment or element may have split it.
    const css = frame.css.join('');
    const hazard = cssHazard(css);
    if (hazard) notImage(`<style>: ${hazard}`);
    if (frame.kept && css) frame.kept.children.push(css);
  });
  const onText = (text: string): void => {
    const frame = stack.at(-1);
    if (!frame) return; // blanks around the root (the parser rejects anything else there)
    if (frame.css) frame.css.push(text);
    else if (frame.kept && (TEXT_ELEMENTS.has(frame.kept.name) || XML_BLANKS.test(text))) appendText(frame.kept, text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.write(xml).close();
  if (!root) notImage('no root element');
  return root;
}
