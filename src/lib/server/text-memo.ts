// Memos of the render path keyed by texts of a page (class values, inline scripts): pages of a kind repeat the same
// few, so their work is done once. Server-only.

/**
 * A copy of a string that owns its characters. A substring of a page (a match, a slice) may be kept by V8 as a view
 * of the whole page: kept as a memo's key or value, it would keep that page in memory (bench load: +90 MB of heap).
 */
function ownString(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/**
 * A bounded memo of `compute(text)`: texts up to `maxTextLength` are remembered (as owned copies, and computed from
 * that copy so no value is a view of the page either), at most `maxEntries` of them (all forgotten at once past it);
 * longer texts, such as a data block carrying one page's data, are computed each time.
 */
export function textMemo<V>(compute: (text: string) => V, maxEntries = 500, maxTextLength = 8_192): (text: string) => V {
  const kept = new Map<string, V>();
  return (text) => {
    const found = kept.get(text);
    if (found !== undefined) return found;
    if (text.length > maxTextLength) return compute(text);
    const own = ownString(text);
    const value = compute(own);
    if (kept.size >= maxEntries) kept.clear();
    kept.set(own, value);
    return value;
  };
}
