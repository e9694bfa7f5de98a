// What an SVG logo may contain: the elements that reject an upload, and the allowlists of what is kept.

/** The SVG namespace. */
export const SVG_NS = 'http://www.w3.org/2000/svg';
/** The XLink namespace (xlink:href). */
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
/** The namespace of the xml: prefix (xml:space, xml:lang). */
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
/** The namespace of xmlns declarations. */
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Elements that reject an upload in any namespace (names compared in lower case): scripts and embedded content. */
export const REJECTED_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'handler', // SVG Tiny's script element
  'foreignobject',
  'iframe',
  'frame',
  'frameset',
  'embed',
  'object',
  'applet',
  'audio',
  'video',
  'image',
]);

/** SVG drawing elements kept (in the SVG namespace); every other element is dropped with its content. */
export const KEPT_ELEMENTS: ReadonlySet<string> = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern',
  'filter', 'marker', 'title', 'desc', 'style',
  // Filter primitives, except feImage (it loads an image or renders another element).
  'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting',
  'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR',
  'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting',
  'feSpotLight', 'feTile', 'feTurbulence',
]);

/** Kept elements whose text is kept; the others keep only whitespace between their children. */
export const TEXT_ELEMENTS: ReadonlySet<string> = new Set(['text', 'tspan', 'textPath', 'title', 'desc', 'style']);

/** Kept elements whose child elements are dropped: their content is text only. */
export const LEAF_ELEMENTS: ReadonlySet<string> = new Set(['title', 'desc', 'style']);

/** Attributes without a namespace that are kept: geometry, presentation, filter parameters, ids and classes, ARIA. */
export const KEPT_ATTRIBUTES: ReadonlySet<string> = new Set([
  // Core, style and accessibility.
  'id', 'class', 'style', 'lang', 'tabindex', 'role', 'aria-label', 'aria-labelledby', 'aria-describedby', 'aria-hidden',
  'version', 'baseProfile', 'type', 'media',
  // References, only ever a same-document #fragment (checked before they get here).
  'href',
  // Geometry.
  'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'width', 'height', 'd', 'points',
  'pathLength', 'transform', 'viewBox', 'preserveAspectRatio', 'refX', 'refY', 'markerWidth', 'markerHeight',
  'markerUnits', 'orient', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing',
  'side', 'path',
  // Paint servers, clipping, masking.
  'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'patternUnits', 'patternContentUnits',
  'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  // Filters.
  'filterUnits', 'primitiveUnits', 'filterRes', 'result', 'in', 'in2', 'stdDeviation', 'edgeMode', 'mode', 'operator',
  'k1', 'k2', 'k3', 'k4', 'values', 'tableValues', 'slope', 'intercept', 'amplitude', 'exponent', 'scale',
  'xChannelSelector', 'yChannelSelector', 'radius', 'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'order',
  'kernelMatrix', 'divisor', 'bias', 'targetX', 'targetY', 'kernelUnitLength', 'preserveAlpha', 'surfaceScale',
  'diffuseConstant', 'specularConstant', 'specularExponent', 'azimuth', 'elevation', 'pointsAtX', 'pointsAtY',
  'pointsAtZ', 'limitingConeAngle',
  // Presentation attributes.
  'alignment-baseline', 'baseline-shift', 'clip', 'clip-path', 'clip-rule', 'color', 'color-interpolation',
  'color-interpolation-filters', 'color-rendering', 'direction', 'display', 'dominant-baseline', 'enable-background',
  'fill', 'fill-opacity', 'fill-rule', 'filter', 'flood-color', 'flood-opacity', 'font', 'font-family', 'font-size',
  'font-size-adjust', 'font-stretch', 'font-style', 'font-variant', 'font-weight', 'glyph-orientation-horizontal',
  'glyph-orientation-vertical', 'image-rendering', 'isolation', 'kerning', 'letter-spacing', 'lighting-color',
  'marker', 'marker-start', 'marker-mid', 'marker-end', 'mask', 'mask-type', 'mix-blend-mode', 'opacity', 'overflow',
  'paint-order', 'shape-rendering', 'stop-color', 'stop-opacity', 'stroke', 'stroke-dasharray', 'stroke-dashoffset',
  'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-opacity', 'stroke-width', 'text-anchor',
  'text-decoration', 'text-rendering', 'transform-origin', 'unicode-bidi', 'vector-effect', 'visibility',
  'word-spacing', 'writing-mode',
]);

/** True for set and the animate* elements (names compared in lower case), which can change another attribute. */
export function isAnimation(lowerName: string): boolean {
  return lowerName === 'set' || lowerName.startsWith('animate');
}
