// Height limit of the contract source view.

/** The source view's height limit when none is given (spec: "maximum height 600px"). */
const SOURCE_MAX_HEIGHT = '600px';

/** A CSS length that is safe to put in a style attribute (a number and a unit), else the source view's default. */
export function sourceMaxHeight(value: string | undefined): string {
  // Only digits and a known unit: anything else (`600px; background: url(…)`) could add declarations.
  return value !== undefined && /^\d{1,5}(\.\d{1,3})?(px|rem|em|vh|svh|dvh|%)$/.test(value) ? value : SOURCE_MAX_HEIGHT;
}
