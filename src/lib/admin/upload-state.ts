// The logo upload of the token admin as a small state machine (idle, uploading, success that resets
// after 3 s, error), the checks the browser makes before sending (a courtesy: the server checks everything again) and
// how the server's answer reads. Pure, so the island and its tests share it.
import { ADMIN_MESSAGES, precheckLogoFile } from '../tokens/admin-messages.ts';

/** Where an upload stands; `message` is what the status line says. */
export type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  | { kind: 'success'; message: string }
  | { kind: 'error'; message: string };

/** What happens to an upload. */
export type UploadEvent =
  | { type: 'chosen'; problem: string | null }
  | { type: 'send' }
  | { type: 'answered'; ok: boolean; message: string }
  | { type: 'refused'; message: string }
  | { type: 'reset' };

export const IDLE: UploadState = { kind: 'idle' };

/** What the status line says while the file is on its way. */
export const UPLOADING_TEXT = 'Uploading…';

/** The next state. A reset only ends a success (an error stays until the visitor acts); nothing interrupts an upload but its answer. */
export function nextUploadState(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'chosen':
      if (state.kind === 'uploading') return state;
      return event.problem === null ? IDLE : { kind: 'error', message: event.problem };
    case 'send':
      return { kind: 'uploading' };
    case 'answered':
      return event.ok ? { kind: 'success', message: event.message } : { kind: 'error', message: event.message };
    case 'refused':
      return state.kind === 'uploading' ? state : { kind: 'error', message: event.message };
    case 'reset':
      return state.kind === 'success' ? IDLE : state;
  }
}

/** The status line's text in a state. */
export function uploadStatusText(state: UploadState): string {
  if (state.kind === 'idle') return '';
  if (state.kind === 'uploading') return UPLOADING_TEXT;
  return state.message;
}

/** The state a server-rendered outcome starts the form in. */
export function initialUploadState(outcome: { ok: boolean; message: string } | null): UploadState {
  if (outcome === null) return IDLE;
  return outcome.ok ? { kind: 'success', message: outcome.message } : { kind: 'error', message: outcome.message };
}

/** The spec's message for an upload that cannot be sent (no token, no file, or a file the browser can already refuse), else null. */
export function checkBeforeUpload(token: string | null, file: { type: string; size: number; name: string } | null): string | null {
  if (!token || !file) return ADMIN_MESSAGES.missing;
  return precheckLogoFile(file);
}

const OWN_LOGO = /^\/token-logos\/0x[0-9a-f]{40}\.png(\?v=[0-9a-f]{1,64})?$/;

/** Whether a logo URL is one the site serves itself (/token-logos/{address}.png, maybe versioned): nothing else is shown. */
export function isOwnLogoUrl(url: unknown): url is string {
  return typeof url === 'string' && OWN_LOGO.test(url);
}

/** How the server answered an upload: the new logo's URL (own URLs only) or the message to show. */
export type UploadAnswer = { ok: true; message: string; logoUrl: string | null } | { ok: false; message: string };

/** Reads the JSON answer of POST /token-admin (Accept: application/json); anything unexpected is the spec's upload failure. */
export function readUploadAnswer(status: number, body: unknown): UploadAnswer {
  const answer = typeof body === 'object' && body !== null ? (body as { ok?: unknown; message?: unknown; logoUrl?: unknown }) : {};
  const message = typeof answer.message === 'string' && answer.message !== '' ? answer.message : null;
  if (status >= 200 && status < 300 && answer.ok === true) {
    return { ok: true, message: message ?? ADMIN_MESSAGES.uploaded, logoUrl: isOwnLogoUrl(answer.logoUrl) ? answer.logoUrl : null };
  }
  return { ok: false, message: message ?? ADMIN_MESSAGES.uploadFailed };
}
