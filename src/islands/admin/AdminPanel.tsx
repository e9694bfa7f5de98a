import { useState, type SubmitEvent } from 'react';
import { panelHref, readRows } from '../../lib/admin/panel.ts';
import { getAdminPanel, postAdminForm } from '../../lib/admin/requests.ts';
import type { AdminPanelProps, AdminRow } from '../../lib/admin/types.ts';
import { isOwnLogoUrl } from '../../lib/admin/upload-state.ts';
import { TokenDetails } from './TokenDetails.tsx';
import { TokenList } from './TokenList.tsx';
import { UploadForm } from './UploadForm.tsx';

interface Props {
  view: AdminPanelProps;
  /** The session ended (Logout, or the server no longer knows it): show the login form. */
  onLoggedOut: () => void;
}

/** Puts the panel's state in the address bar, as the plain links and forms would have. */
function showUrl(href: string): void {
  window.history.replaceState(window.history.state, '', href);
}

/**
 * The logged-in token admin: Logout, the Tokens card and the chosen token's details with Upload
 * Logo. Every control is a plain link or form on the server; hydrated, they act in place.
 */
export function AdminPanel({ view, onLoggedOut }: Props) {
  const [rows, setRows] = useState<AdminRow[]>(view.rows ?? []);
  const [failed, setFailed] = useState(view.rows === null);
  const [refreshing, setRefreshing] = useState(false);
  const [q, setQ] = useState(view.q);
  const [selected, setSelected] = useState(view.selected);
  // The server's upload outcome belongs to the token it was for; choosing another starts that one's form afresh.
  const [outcome, setOutcome] = useState(view.upload);
  const token = rows.find((row) => row.address.toLowerCase() === selected) ?? null;

  async function refresh(): Promise<void> {
    setRefreshing(true);
    try {
      const answer = await getAdminPanel(panelHref(q, selected));
      if (answer.status === 401) return onLoggedOut();
      const fresh = answer.status === 200 ? readRows(answer.body, isOwnLogoUrl) : null;
      if (fresh) setRows(fresh);
      setFailed(fresh === null);
    } catch {
      setFailed(true);
    } finally {
      setRefreshing(false);
    }
  }

  async function logout(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    try {
      const answer = await postAdminForm(new FormData(form));
      if (answer.status === 200) {
        showUrl('/token-admin');
        onLoggedOut();
        return;
      }
    } catch {
      // Below: the plain form, which always ends the browser's session.
    }
    form.submit();
  }

  function select(address: string): void {
    setSelected(address);
    setOutcome(null);
    showUrl(panelHref(q, address));
  }

  function uploaded(address: string, logoUrl: string | null): void {
    if (logoUrl === null) return;
    setRows((all) => all.map((row) => (row.address.toLowerCase() === address ? { ...row, logo: logoUrl } : row)));
  }

  return (
    <div className="space-y-4" data-admin-panel>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-test="admin-session">Logged in. Choose a token, then upload its logo.</p>
        <form method="post" action="/token-admin" onSubmit={(event) => void logout(event)}>
          <input type="hidden" name="action" value="logout" />
          <button type="submit" data-test="logout" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">Logout</button>
        </form>
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <TokenList
          rows={rows}
          failed={failed}
          refreshing={refreshing}
          q={q}
          selected={selected}
          onSearch={setQ}
          onSubmitSearch={() => showUrl(panelHref(q, selected))}
          onRefresh={() => void refresh()}
          onSelect={select}
        />

        <section className="h-fit rounded-lg border border-slate-200 bg-white shadow-sm" aria-labelledby="admin-details-title" data-admin-region="details">
          <header className="border-b border-slate-100 px-4 py-3">
            <h2 id="admin-details-title" className="text-base font-semibold text-slate-900">Token Details</h2>
          </header>
          <div className="space-y-4 p-4">
            <TokenDetails token={token} />
            <UploadForm key={selected ?? ''} token={token} outcome={outcome} onUploaded={uploaded} />
          </div>
        </section>
      </div>
    </div>
  );
}
