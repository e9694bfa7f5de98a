import type { MouseEvent } from 'react';
import { countText, panelHref, rowMatches } from '../../lib/admin/panel.ts';
import type { AdminRow } from '../../lib/admin/types.ts';
import { ADMIN_MESSAGES } from '../../lib/tokens/admin-messages.ts';
import { TokenLogo } from './TokenLogo.tsx';

interface Props {
  rows: AdminRow[];
  /** The list could not be fetched: its message replaces the list. */
  failed: boolean;
  refreshing: boolean;
  q: string;
  /** Lowercased address of the chosen token. */
  selected: string | null;
  onSearch: (q: string) => void;
  onSubmitSearch: () => void;
  onRefresh: () => void;
  onSelect: (address: string) => void;
}

/** Longest search the server reads from ?q= (src/lib/tokens/list.ts, TOKEN_SEARCH_MAX). */
const SEARCH_MAX = 100;

/** A plain left click, which the island answers in place; other clicks (new tab, window) keep the link's own behaviour. */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The Tokens card: search (a GET form), count of tokens found, Refresh (a link), and the list
 * (logo or initials, name, symbol, address, verified tick), each row a link that chooses the token. Names and
 * symbols are written by strangers: they are text, never markup.
 */
export function TokenList({ rows, failed, refreshing, q, selected, onSearch, onSubmitSearch, onRefresh, onSelect }: Props) {
  const found = rows.filter((row) => rowMatches(row, q));
  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-sm" aria-labelledby="admin-tokens-title" data-admin-region="list" aria-busy={refreshing || undefined}>
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 id="admin-tokens-title" className="text-base font-semibold text-slate-900">Tokens</h2>
        <a
          href={panelHref(q, selected)}
          data-admin-refresh
          data-test="admin-refresh"
          onClick={(event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            onRefresh();
          }}
          className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Refresh
        </a>
      </header>
      <div className="space-y-3 p-4">
        <form
          method="get"
          action="/token-admin"
          role="search"
          className="flex items-center gap-2"
          data-admin-search
          onSubmit={(event) => {
            event.preventDefault();
            onSubmitSearch();
          }}
        >
          {selected && <input type="hidden" name="token" value={selected} />}
          <label htmlFor="admin-token-search" className="sr-only">Search tokens by name, symbol or address</label>
          <input
            id="admin-token-search"
            name="q"
            type="search"
            value={q}
            onChange={(event) => onSearch(event.target.value)}
            maxLength={SEARCH_MAX}
            autoComplete="off"
            placeholder="Search by name, symbol or address"
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900"
          />
          <button type="submit" className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">Search</button>
        </form>
        {failed ? (
          <p role="alert" data-test="admin-tokens-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {ADMIN_MESSAGES.tokensFailed}
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700" aria-live="polite" data-test="admin-token-count" data-admin-count>{countText(found.length)}</p>
            <p data-admin-none hidden={found.length > 0} className="text-sm text-slate-700">No tokens match your search.</p>
            <ul className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto" data-test="admin-token-list">
              {found.map((token) => {
                const address = token.address.toLowerCase();
                const current = selected === address;
                return (
                  <li key={address} data-admin-row data-address={address}>
                    <a
                      href={panelHref(q, address)}
                      aria-current={current ? 'true' : undefined}
                      data-test="admin-token"
                      onClick={(event) => {
                        if (!plainClick(event)) return;
                        event.preventDefault();
                        onSelect(address);
                      }}
                      className={`flex items-center gap-3 rounded-md px-2 py-2 hover:bg-slate-50${current ? ' bg-indigo-50' : ''}`}
                    >
                      <span data-admin-logo><TokenLogo logo={token.logo} initials={token.initials} /></span>
                      <span className="min-w-0 flex-1">
                        <span className="flex items-center gap-1.5 text-sm font-medium text-slate-900">
                          <span className="truncate" data-test="admin-token-name">{token.name}</span>
                          {token.verified && (
                            <span className="text-green-700" title="Verified contract" data-test="admin-verified">
                              <span aria-hidden="true">✓</span>
                              <span className="sr-only">Verified</span>
                            </span>
                          )}
                        </span>
                        <span className="block text-xs text-slate-700">{token.symbol}</span>
                        <span className="block break-all font-mono text-xs text-slate-600">{token.address}</span>
                      </span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
