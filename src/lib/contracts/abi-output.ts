import type { ContractValue } from '../model/types.ts';

// A read's result as the interaction view shows it ('The result appears as JSON or a string'): a single
// plain value as itself (a string, a uint as its decimal text, an address), anything structured as indented JSON.
// Integers arrive as decimal text from the indexer, so nothing is rounded on the way.

/** The text of a result and whether it is JSON (shown as code) or a plain string. */
export interface FormattedResult {
  kind: 'string' | 'json';
  text: string;
}

/** Formats a returned value: strings as they are, numbers and booleans as text, arrays and objects as JSON. */
export function formatResult(value: ContractValue): FormattedResult {
  if (typeof value === 'string') return { kind: 'string', text: value };
  if (typeof value === 'number' || typeof value === 'boolean') return { kind: 'string', text: String(value) };
  if (value === null) return { kind: 'json', text: 'null' };
  return { kind: 'json', text: JSON.stringify(value, null, 2) };
}
