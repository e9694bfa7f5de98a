// `use` elements copy what they reference: nested copies multiply like entities in a billion-laughs document.
import { notImage } from './not-image.ts';
import { attribute, elements, type SvgElement } from './svg-tree.ts';

/** Most elements a renderer may have to draw once every `use` is expanded. */
export const MAX_RENDERED_ELEMENTS = 100_000;
/** Longest chain of `use` elements referencing elements that hold more `use` elements. */
export const MAX_USE_NESTING = 32;

/** What one element costs to render: elements drawn, and the longest chain of `use` inside it. */
interface Cost {
  size: number;
  nesting: number;
}

/**
 * Throws NotImage when expanding the `use` references would make a renderer draw more than MAX_RENDERED_ELEMENTS
 * elements, chain more than MAX_USE_NESTING of them, or loop.
 */
export function checkUseExpansion(root: SvgElement): void {
  const byId = new Map<string, SvgElement>();
  for (const element of elements(root)) {
    const id = attribute(element, 'id');
    if (id !== undefined && !byId.has(id)) byId.set(id, element);
  }
  const costs = new Map<SvgElement, Cost>();
  const open = new Set<SvgElement>();
  // Recursion goes at most MAX_SVG_DEPTH elements down per `use`, and MAX_USE_NESTING uses deep.
  const cost = (element: SvgElement, uses: number): Cost => {
    const known = costs.get(element);
    if (known) return known;
    if (open.has(element)) notImage('use references form a loop');
    if (uses > MAX_USE_NESTING) notImage(`use references nest deeper than ${MAX_USE_NESTING}`);
    open.add(element);
    const total: Cost = { size: 1, nesting: 0 };
    const add = (child: Cost, hop: number): void => {
      total.size += child.size;
      total.nesting = Math.max(total.nesting, child.nesting + hop);
    };
    for (const child of element.children) if (typeof child !== 'string') add(cost(child, uses), 0);
    if (element.name === 'use') {
      // SVG 2: href wins over xlink:href. Both are a #fragment by now.
      const target = byId.get((attribute(element, 'href') ?? attribute(element, 'xlink:href') ?? '').slice(1));
      if (target) add(cost(target, uses + 1), 1);
    }
    if (total.size > MAX_RENDERED_ELEMENTS) notImage(`use references expand to more than ${MAX_RENDERED_ELEMENTS} elements`);
    if (total.nesting > MAX_USE_NESTING) notImage(`use references nest deeper than ${MAX_USE_NESTING}`);
    open.delete(element);
    costs.set(element, total);
    return total;
  };
  cost(root, 0);
}
