// The token admin's requests from the browser: its own page, same origin, with the session cookie. The
// server answers JSON when asked (Accept: application/json) and checks each request as it checks the plain forms
// (session, Origin, size, the file's content); nothing here talks to the indexer.

/** Sends one request to the site's own /token-admin. */
function send(url: string, init: RequestInit): Promise<Response> {
  return fetch(url, { credentials: 'same-origin', ...init });
}

/** Posts one of the panel's forms (upload, logout) and reads the JSON answer (null when there is none). */
export async function postAdminForm(body: FormData): Promise<{ status: number; body: unknown }> {
  const response = await send('/token-admin', { method: 'POST', body, headers: { accept: 'application/json' } });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** Reads the panel's data (the token list) for a panel URL, as JSON. */
export async function getAdminPanel(url: string): Promise<{ status: number; body: unknown }> {
  const response = await send(url, { headers: { accept: 'application/json' } });
  return { status: response.status, body: await response.json().catch(() => null) };
}
