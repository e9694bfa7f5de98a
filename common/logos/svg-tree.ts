/** An element kept in a sanitised SVG: its local name, its attributes (output names, in order) and its children. */
export interface SvgElement {
  name: string;
  attributes: [string, string][];
  children: SvgNode[];
}

/** A child of an element: an element or text. */
export type SvgNode = SvgElement | string;

/** The value of an attribute of an element, or undefined. */
export function attribute(element: SvgElement, name: string): string | undefined {
  return element.attributes.find(([n]) => n === name)?.[1];
}

/** Every element of a tree, the root first (depth-first, document order). */
export function* elements(root: SvgElement): Generator<SvgElement> {
  yield root;
  for (const child of root.children) if (typeof child !== 'string') yield* elements(child);
}
