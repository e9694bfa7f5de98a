// The token admin panel's list rules in the browser: the search and the count line.
import type { AdminRow } from './types.ts';

/** Whether a token row matches the search: name, symbol or address contains it, case-insensitively. */
export function rowMatches(row: { name: string; symbol: string; address: string }, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || [row.name, row.symbol, row.address].some((field) => field.toLowerCase().includes(q));
}

/** '1 token found', '12 tokens found'. */
export function countText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'token' : 'tokens'} found`;
}

/** The panel's URL for a search and a chosen token (what the links and the GET search form lead to without JavaScript). */
export function panelHref(q: string, token: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...(q ? { q } : {}), ...(token ? { token: token.toLowerCase() } : {}), ...extra });
  const search = params.toString();
  return search ? `/token-admin?${search}` : '/token-admin';
}

/** The rows a refresh answered, read defensively (only well-formed rows, own logo URLs), or null when the answer is no list. */
export function readRows(body: unknown, ownLogo: (url: unknown) => url is string): AdminRow[] | null {
  const rows = typeof body === 'object' && body !== null ? (body as { rows?: unknown }).rows : undefined;
  if (!Array.isArray(rows)) return null;
  return rows.flatMap((r: unknown): AdminRow[] => {
    if (typeof r !== 'object' || r === null) return [];
    const row = r as Record<string, unknown>;
    if (typeof row['address'] !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(row['address'])) return [];
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return [
      {
        address: row['address'],
        name: text(row['name']),
        symbol: text(row['symbol']),
        decimals: typeof row['decimals'] === 'number' ? row['decimals'] : 18,
        verified: row['verified'] === true,
        logo: ownLogo(row['logo']) ? row['logo'] : null,
        initials: text(row['initials']) || 'T',
      },
    ];
  });
}
