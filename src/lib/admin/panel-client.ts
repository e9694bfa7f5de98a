// The token admin panel in the browser (issue 12): live search with its count, choosing a token without a reload,
// the chosen file's preview, name and size, and the upload in place (uploading, success for 3 s, error). Everything
// it does also works without it: the panel is plain forms and links (src/components/admin/AdminPanel.astro).
import { swapRegions } from '../page/styles.ts';
import { formatKb, precheckLogoFile, type ADMIN_MESSAGES } from '../tokens/admin-messages.ts';

type Messages = typeof ADMIN_MESSAGES;
type UploadState = 'idle' | 'uploading' | 'success' | 'error';

/** Whether a token row matches the search: name, symbol or address contains it, case-insensitively. */
export function rowMatches(row: { name: string; symbol: string; address: string }, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || [row.name, row.symbol, row.address].some((field) => field.toLowerCase().includes(q));
}

/** Wires the panel under `root` (events are delegated, so regions swapped in by a refresh keep working). */
export function enhanceAdminPanel(root: HTMLElement): void {
  const messages = JSON.parse(root.dataset['messages'] ?? '{}') as Messages;
  const resetMs = Number(root.dataset['resetMs'] ?? 3000);
  let resetTimer: ReturnType<typeof setTimeout> | undefined;
  let previewUrl: string | null = null;

  const one = <T extends Element>(selector: string): T | null => root.querySelector<T>(selector);
  const form = (): HTMLFormElement | null => one<HTMLFormElement>('[data-admin-upload]');
  const fileInput = (): HTMLInputElement | null => one<HTMLInputElement>('#admin-logo-file');

  function setStatus(state: UploadState, text: string): void {
    const f = form();
    const status = one<HTMLElement>('[data-admin-status]');
    if (!f || !status) return;
    f.dataset['state'] = state;
    status.textContent = text;
    status.classList.toggle('text-red-800', state === 'error');
    status.classList.toggle('text-green-800', state !== 'error');
    const button = f.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button) button.disabled = state === 'uploading';
  }

  function clearPreview(): void {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = null;
    const box = one<HTMLElement>('[data-admin-preview]');
    if (box) box.hidden = true;
  }

  function filter(query: string): void {
    let shown = 0;
    for (const row of root.querySelectorAll<HTMLElement>('[data-admin-row]')) {
      const match = rowMatches({ name: row.dataset['name'] ?? '', symbol: row.dataset['symbol'] ?? '', address: row.dataset['address'] ?? '' }, query);
      row.hidden = !match;
      if (match) shown += 1;
    }
    const count = one<HTMLElement>('[data-admin-count]');
    if (count) count.textContent = `${shown.toLocaleString('en-US')} ${shown === 1 ? 'token' : 'tokens'} found`;
    const none = one<HTMLElement>('[data-admin-none]');
    if (none) none.hidden = shown > 0;
  }

  function select(row: HTMLElement, link: HTMLAnchorElement): void {
    for (const a of root.querySelectorAll('[data-admin-row] a')) {
      a.removeAttribute('aria-current');
      a.classList.remove('bg-indigo-50');
    }
    link.setAttribute('aria-current', 'true');
    link.classList.add('bg-indigo-50');
    const shown = { name: row.dataset['name'], symbol: row.dataset['symbol'], address: row.dataset['shownAddress'], decimals: row.dataset['decimals'] };
    for (const [field, text] of Object.entries(shown)) {
      const cell = one<HTMLElement>(`[data-field="${field}"]`);
      if (cell) cell.textContent = text ?? '';
    }
    const token = one<HTMLInputElement>('[data-admin-token]');
    if (token) token.value = row.dataset['address'] ?? '';
    const logo = one<HTMLElement>('[data-admin-current-logo]');
    const rowLogo = row.querySelector('[data-admin-logo] > *');
    if (logo && rowLogo) logo.replaceChildren(rowLogo.cloneNode(true));
    const details = one<HTMLElement>('[data-admin-details]');
    const placeholder = one<HTMLElement>('[data-admin-placeholder]');
    if (details) details.hidden = false;
    if (placeholder) placeholder.hidden = true;
    setStatus('idle', '');
    history.replaceState(history.state, '', link.href);
  }

  /** Reads the panel again from the server (same-origin HTML) and swaps its regions in. */
  async function refresh(url: string): Promise<void> {
    const response = await send(url, { headers: { accept: 'text/html' } });
    if (!response.ok) throw new Error(`refresh failed: ${response.status}`);
    swapRegions(new DOMParser().parseFromString(await response.text(), 'text/html'), 'data-admin-region');
    const search = one<HTMLInputElement>('#admin-token-search');
    if (search) filter(search.value);
  }

  function send(url: string, init: RequestInit): Promise<Response> {
    return fetch(url, { credentials: 'same-origin', ...init });
  }

  async function upload(f: HTMLFormElement): Promise<void> {
    clearTimeout(resetTimer);
    const token = f.querySelector<HTMLInputElement>('[data-admin-token]')?.value ?? '';
    const file = fileInput()?.files?.[0];
    if (!token || !file) return setStatus('error', messages.missing);
    const problem = precheckLogoFile(file);
    if (problem) return setStatus('error', problem);
    setStatus('uploading', 'Uploading…');
    try {
      const response = await send('/token-admin', { method: 'POST', body: new FormData(f), headers: { accept: 'application/json' } });
      const result = (await response.json().catch(() => null)) as { ok?: boolean; message?: string } | null;
      if (!response.ok || result?.ok !== true) return setStatus('error', result?.message ?? messages.uploadFailed);
    } catch {
      return setStatus('error', messages.uploadFailed);
    }
    clearPreview();
    const done = `/token-admin?token=${encodeURIComponent(token)}&uploaded=1`;
    // The fresh regions carry the new logo everywhere in the panel and the success message.
    await refresh(done).catch(() => setStatus('success', messages.uploaded));
    history.replaceState(history.state, '', `/token-admin?token=${encodeURIComponent(token)}`);
    resetTimer = setTimeout(() => {
      setStatus('idle', '');
      const input = fileInput();
      if (input) input.value = '';
    }, resetMs);
  }

  root.addEventListener('input', (event) => {
    const target = event.target as HTMLElement;
    if (target.id === 'admin-token-search') filter((target as HTMLInputElement).value);
  });

  root.addEventListener('click', (event) => {
    const mouse = event as MouseEvent;
    if (mouse.button !== 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return;
    const target = event.target as HTMLElement;
    const refreshLink = target.closest<HTMLAnchorElement>('[data-admin-refresh]');
    if (refreshLink) {
      event.preventDefault();
      refresh(location.href).catch(() => {
        const count = one<HTMLElement>('[data-admin-count]');
        if (count) count.textContent = messages.tokensFailed;
      });
      return;
    }
    const link = target.closest<HTMLAnchorElement>('[data-admin-row] a');
    const row = link?.closest<HTMLElement>('[data-admin-row]');
    if (link && row) {
      event.preventDefault();
      select(row, link);
    }
  });

  root.addEventListener('change', (event) => {
    const input = event.target as HTMLInputElement;
    if (input.id !== 'admin-logo-file') return;
    clearTimeout(resetTimer);
    clearPreview();
    const file = input.files?.[0];
    if (!file) return setStatus('idle', '');
    const problem = precheckLogoFile(file);
    if (problem) return setStatus('error', problem);
    previewUrl = URL.createObjectURL(file);
    const img = one<HTMLImageElement>('[data-admin-preview-img]');
    const name = one<HTMLElement>('[data-admin-file-name]');
    const size = one<HTMLElement>('[data-admin-file-size]');
    const box = one<HTMLElement>('[data-admin-preview]');
    if (img) img.src = previewUrl;
    if (name) name.textContent = file.name;
    if (size) size.textContent = formatKb(file.size);
    if (box) box.hidden = false;
    setStatus('idle', '');
  });

  root.addEventListener('submit', (event) => {
    const f = event.target as HTMLFormElement;
    if (!f.matches('[data-admin-upload]')) return;
    event.preventDefault();
    void upload(f);
  });

  // Text typed before this script arrived filters at once.
  const typed = one<HTMLInputElement>('#admin-token-search');
  if (typed && typed.value !== typed.defaultValue) filter(typed.value);

  // A success shown by the server (after a plain-form upload, or a refresh) resets after 3 s as well.
  if (form()?.dataset['state'] === 'success') {
    resetTimer = setTimeout(() => setStatus('idle', ''), resetMs);
  }
}
