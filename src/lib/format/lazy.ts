/**
 * A value made on first use. For Intl formatters: building one (locale and time zone data) can cost a browser on a
 * slow CPU a long task, which a page's script should pay only when it formats something, not when it loads.
 */
export function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
