// Reading URL parameters: the shared rules behind each domain's params.ts.

/** `value` when it is one of `allowed`, else `fallback` (for ?tab=, ?sort= and other closed sets). */
export function oneOf<const T extends string>(allowed: readonly T[], value: string | null | undefined, fallback: NoInfer<T>): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

/** Whether `value` is one of `allowed`. */
export function isOneOf<const T extends string>(allowed: readonly T[], value: string | null | undefined): value is T {
  return (allowed as readonly string[]).includes(value ?? '');
}

/** 0x followed by 40 hexadecimal characters, any case. */
const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** Whether a route parameter is a well-formed address; anything else answers 400 before the indexer is asked. */
export function isWellFormedAddress(value: string | null | undefined): value is string {
  return typeof value === 'string' && ADDRESS_PATTERN.test(value);
}
