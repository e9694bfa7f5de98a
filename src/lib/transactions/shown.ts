/** Hashes of the rows the transaction list shows (its server HTML, or the rows a refresh swapped in). */
export function shownHashes(doc: ParentNode = document): string[] {
  return Array.from(doc.querySelectorAll<HTMLElement>('[data-refresh-region="tx-list"] [data-hash]'), (row) => row.dataset['hash'] ?? '');
}
