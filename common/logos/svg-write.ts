// Writes a sanitised SVG tree back out as XML: the stored bytes are exactly what was checked.
import { SVG_NS, XLINK_NS } from './svg-policy.ts';
import { elements, type SvgElement } from './svg-tree.ts';

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = { ...TEXT_ESCAPES, '"': '&quot;', '\t': '&#9;', '\n': '&#10;' };

/** Text escaped for element content. */
function escapeText(text: string): string {
  return text.replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c] ?? c);
}

/** A value escaped for a double-quoted attribute, blanks included, so that parsing it again gives the same value. */
function escapeAttribute(value: string): string {
  return value.replace(/[&<>"\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
}

function write(element: SvgElement, declarations: string): string {
  const attributes = element.attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
  const open = `<${element.name}${declarations}${attributes}`;
  if (element.children.length === 0) return `${open}/>`;
  const content = element.children.map((child) => (typeof child === 'string' ? escapeText(child) : write(child, ''))).join('');
  return `${open}>${content}</${element.name}>`;
}

/** The tree as an XML document: the root declares the SVG namespace (and XLink when an xlink:href is left). */
export function writeSvg(root: SvgElement): string {
  const xlink = [...elements(root)].some((e) => e.attributes.some(([name]) => name === 'xlink:href'));
  return write(root, ` xmlns="${SVG_NS}"${xlink ? ` xmlns:xlink="${XLINK_NS}"` : ''}`);
}
