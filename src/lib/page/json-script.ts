/** The data a page wrote for its script (components/ui/JsonScript.astro); null when it is missing or unreadable. */
export function readJsonScript<T>(doc: Document, id: string): T | null {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
