// Conditional requests (RFC 9110 §13.1.2, If-None-Match): a client that holds a copy names its entity tags, and a
// server whose current representation has one of them answers 304 without a body. One reading for every server of
// the project: the indexer's JSON and logo answers, the site's kept pages, uploaded logos and built files.

/**
 * The members of an If-None-Match header, each as written (`W/"x"`, `"y"`, `*`), in order; [] when it is absent or
 * empty. A quoted tag may hold a comma (RFC 9110 allows any visible character but the double quote), so the list is
 * split on the commas between tags, not inside them. A member that is not a quoted tag is kept trimmed as it is.
 */
export function ifNoneMatchTags(header: string | null | undefined): string[] {
  const tags: string[] = [];
  if (!header) return tags;
  let at = 0;
  while (at < header.length) {
    // Optional white space and empty list members (`a, , b` is a list of two).
    while (at < header.length && (header[at] === ' ' || header[at] === '\t' || header[at] === ',')) at += 1;
    if (at >= header.length) break;
    const open = header.startsWith('W/"', at) ? at + 2 : header[at] === '"' ? at : -1;
    let end: number;
    if (open >= 0) {
      const close = header.indexOf('"', open + 1);
      end = close < 0 ? header.length : close + 1;
    } else {
      const comma = header.indexOf(',', at);
      end = comma < 0 ? header.length : comma;
    }
    tags.push(header.slice(at, end).trim());
    at = end;
  }
  return tags;
}

/** An entity tag without its weakness mark: `W/"abc"` and `"abc"` are both `"abc"`. */
export function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * Whether an If-None-Match header names `etag` (or is `*`): the client's copy is the current one and a 304 tells it
 * so. The comparison is the weak one RFC 9110 asks for If-None-Match: `W/"a"` matches `"a"` and the other way round.
 */
export function etagMatches(header: string | null | undefined, etag: string): boolean {
  const wanted = opaqueTag(etag);
  return ifNoneMatchTags(header).some((tag) => tag === '*' || opaqueTag(tag) === wanted);
}
