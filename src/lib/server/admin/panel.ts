// What /token-admin does with a request: the login, the logout, an upload, or showing the panel. The page
// renders the outcome; this module holds the flow so it reads in one place and is tested without a page.
import { HTTP_STATUS_MESSAGES } from '../../indexer-api/errors.ts';
import { isWellFormedAddress } from '../../url/params.ts';
import { ADMIN_MESSAGES } from '../../tokens/admin-messages.ts';
import { fetchAllTokens } from '../../tokens/load.ts';
import { matchesToken, TOKEN_SEARCH_MAX } from '../../tokens/list.ts';
import type { Token } from '../../model/types.ts';
import type { AdminIslandView, AdminRow } from '../../admin/types.ts';
import { uploadedLogo } from '../../tokens/logo-index.ts';
import { tokenInitials, tokenLogoUrl } from '../../tokens/logo-url.ts';
import { indexerClient } from '../indexer-client.ts';
import { reloadLogoIndex } from '../logo-index.ts';
import { checkLogin, readCredentials, type AdminCredentials } from './credentials.ts';
import { adminConfigured } from './indexer-admin.ts';
import { siteSettings } from '../settings.ts';
import { checkForm, formFields } from '../forms.ts';
import { FilledLogin, LoginFields, UploadForm, uploadStatus } from './forms.ts';
import { createSession, endSession } from './sessions.ts';
import { clearLoginFailures, loginBlockedUntil, recordLoginFailure, retryText } from './throttle.ts';
import { uploadLogo, type UploadOutcome } from './upload.ts';

/** The login form's state: what went wrong, when to retry, and the user name typed (never the password). */
export interface LoginView {
  kind: 'login';
  status: number;
  error: string | null;
  retry: string | null;
  username: string;
}

/** The panel: the tokens (or why they are missing), the search, the chosen token and the last upload's outcome. */
export interface PanelView {
  kind: 'panel';
  status: number;
  username: string;
  tokens: Token[] | null;
  q: string;
  found: Token[];
  selected: Token | null;
  upload: { ok: boolean; message: string } | null;
}

/** The panel cannot work here: no credentials or no indexer secret configured, or the indexer is unreachable. */
interface UnavailableView {
  kind: 'unavailable';
  status: number;
  message: string;
}

export type AdminView = LoginView | PanelView | UnavailableView;

const NOT_CONFIGURED = 'The token admin is not configured on this server.';

/** The configured credentials, or the unavailable view saying why there are none. */
export async function adminSetup(): Promise<AdminCredentials | UnavailableView> {
  const credentials = await readCredentials(siteSettings());
  if (typeof credentials === 'string' || !adminConfigured()) return { kind: 'unavailable', status: 503, message: NOT_CONFIGURED };
  return credentials;
}

/** The unavailable view of an indexer that does not answer. */
export function indexerDown(): UnavailableView {
  return { kind: 'unavailable', status: 503, message: HTTP_STATUS_MESSAGES[503] as string };
}

/** A fresh login form. */
export function loginView(status = 200, error: string | null = null, username = '', retry: string | null = null): LoginView {
  return { kind: 'login', status, error, retry, username };
}

/** Tries a login: throttled clients get 429 before their password is even checked. */
export async function attemptLogin(
  credentials: AdminCredentials,
  form: FormData,
  client: string,
  now = Date.now(),
): Promise<{ view: LoginView; retryAfterSeconds: number | null } | { sessionId: string }> {
  // Read as typed first: the user name is shown again whatever the outcome.
  const typed = LoginFields.parse(formFields(form));
  const { username, password } = typed;
  const blocked = await loginBlockedUntil(client, now);
  if (blocked !== null) {
    return { view: loginView(429, HTTP_STATUS_MESSAGES[429] ?? '', username, retryText(blocked, now)), retryAfterSeconds: Math.ceil((blocked - now) / 1000) };
  }
  const filled = checkForm(FilledLogin, typed);
  if (!filled.ok) return { view: loginView(400, filled.message, username), retryAfterSeconds: null };
  if (!(await checkLogin(credentials, username, password))) {
    const until = await recordLoginFailure(client, now);
    return { view: loginView(401, ADMIN_MESSAGES.invalidLogin, username, until === null ? null : retryText(until, now)), retryAfterSeconds: null };
  }
  await clearLoginFailures(client);
  return { sessionId: await createSession(credentials.user) };
}

/** Ends a session (a failure to reach the indexer still logs the browser out: its cookie is removed). */
export async function logout(sessionId: string | null): Promise<void> {
  if (sessionId !== null) await endSession(sessionId).catch(() => undefined);
}

/** The panel for a query string (?q= search, ?token= chosen token, ?uploaded=1 after a plain-form upload). */
export async function panelView(username: string, params: URLSearchParams, upload: PanelView['upload'] = null, status = 200): Promise<PanelView> {
  const tokens = await fetchAllTokens(indexerClient()).catch(() => null);
  const q = (params.get('q') ?? '').trim().slice(0, TOKEN_SEARCH_MAX);
  const found = (tokens ?? []).filter((t) => matchesToken(t, q));
  const wanted = params.get('token') ?? '';
  const selected = isWellFormedAddress(wanted) ? ((tokens ?? []).find((t) => t.address.toLowerCase() === wanted.toLowerCase()) ?? null) : null;
  const shownUpload = upload ?? (params.get('uploaded') === '1' && selected ? { ok: true, message: ADMIN_MESSAGES.uploaded } : null);
  return { kind: 'panel', status: tokens === null ? 502 : status, username, tokens, q, found, selected, upload: shownUpload };
}

/** Handles an upload and, once stored, reads the logo list again so every page shows the new logo. */
export async function handleUpload(form: FormData, username: string): Promise<UploadOutcome> {
  const upload = checkForm(UploadForm, form);
  if (!upload.ok) return { ok: false, status: uploadStatus(upload.message), message: upload.message };
  const outcome = await uploadLogo(upload.value.token, upload.value.logo, username);
  if (outcome.ok) await reloadLogoIndex();
  return outcome;
}

/** A token as the island's list shows it: only the fields a row needs, its logo only from the site's /token-logos/. */
export function adminRow(token: Token): AdminRow {
  return {
    address: token.address,
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals ?? 18,
    verified: token.verified === true,
    logo: tokenLogoUrl(token.address, uploadedLogo(token.address)),
    initials: tokenInitials(token.symbol, token.name),
  };
}

/** The island's props for a login or panel view: plain data, never the user name, a credential or a secret. */
export function islandView(view: LoginView | PanelView): AdminIslandView {
  if (view.kind === 'login') return { kind: 'login', error: view.error, retry: view.retry, username: view.username };
  return {
    kind: 'panel',
    rows: view.tokens === null ? null : view.tokens.map(adminRow),
    q: view.q,
    selected: view.selected?.address.toLowerCase() ?? null,
    upload: view.upload,
  };
}
