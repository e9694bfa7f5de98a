// One URL builder for every internal link, so routes are spelled in one place.

/** Link to a block page. */
export const blockUrl = (n: number | string) => `/blocks/${n}`;
/** Link to a transaction page. */
export const txUrl = (hash: string) => `/transactions/${hash}`;
/** Link to an address page, optionally on a tab. */
export const addressUrl = (address: string, tab?: string) => `/address/${address}${tab ? `?tab=${encodeURIComponent(tab)}` : ''}`;
/** Link to a token page. */
export const tokenUrl = (address: string) => `/tokens/${address}`;
/** Link to an NFT collection page. */
export const collectionUrl = (address: string) => `/nfts/${address}`;
/** Link to an NFT page. */
export const nftUrl = (address: string, tokenId: string | number | bigint) => `/nfts/${address}/${tokenId}`;
/** Link to a contract page. */
export const contractUrl = (address: string) => `/contracts/${address}`;
/** Link to the search page. */
export const searchUrl = (q: string) => `/search?q=${encodeURIComponent(q)}`;

/** The current URL with some query parameters replaced (null removes one); used by GET-form and link controls. */
export function withParams(url: URL, changes: Record<string, string | number | null>): string {
  const next = new URL(url);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.searchParams.delete(key);
    else next.searchParams.set(key, String(value));
  }
  const qs = next.searchParams.toString();
  return `${next.pathname}${qs ? `?${qs}` : ''}`;
}

/** The external pages the site links to, set per deployment (src/lib/server/config.ts reads them). */
export interface ExternalLinks {
  dapp: string;
  apiDocs: string;
  developers: string;
  codeHost: string;
  microblog: string;
  chat: string;
  contactEmail: string;
}
