import { useEffect, useReducer, useRef, useState, useSyncExternalStore, type DragEvent, type SubmitEvent } from 'react';
import { postAdminForm } from '../../lib/admin/requests.ts';
import type { AdminRow, UploadOutcomeView } from '../../lib/admin/types.ts';
import { checkBeforeUpload, initialUploadState, nextUploadState, readUploadAnswer, uploadStatusText } from '../../lib/admin/upload-state.ts';
import { ADMIN_MESSAGES, formatKb, LOGO_ACCEPT, precheckLogoFile, UPLOAD_SUCCESS_RESET_MS } from '../../lib/tokens/admin-messages.ts';
import { useObjectUrl } from './use-object-url.ts';

interface Props {
  /** The chosen token, or null (the upload then says which is missing). */
  token: AdminRow | null;
  /** The outcome of an upload the server handled before this page (a plain-form upload). */
  outcome: UploadOutcomeView | null;
  /** A logo was stored: its new URL (the site's own, versioned) or null when the answer named none. */
  onUploaded: (address: string, logoUrl: string | null) => void;
}

/** Nothing to subscribe to: the value only tells the server render and hydration (false) from the browser after it (true). */
const noSubscription = () => () => undefined;

/** Drops ?uploaded=1 from the address bar once its success has reset, so a reload does not say it again. */
function forgetUploaded(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('uploaded')) return;
  url.searchParams.delete('uploaded');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
}

/**
 * Upload Logo: a plain multipart POST form; hydrated, a chosen or dropped file is checked
 * (type, size: the spec's messages, before any request), previewed with its name and size in KB, and sent in place:
 * idle → uploading → success (back to idle after 3 s) or error with the server's message. The server checks it all again.
 */
export function UploadForm({ token, outcome, onUploaded }: Props) {
  const [state, dispatch] = useReducer(nextUploadState, outcome, initialUploadState);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const input = useRef<HTMLInputElement>(null);
  const [preview, showPreview] = useObjectUrl();
  const previewable = file !== null && precheckLogoFile(file) === null ? file : null;

  // A success (in place, or shown by the server after a plain-form upload) goes back to idle after 3 s.
  useEffect(() => {
    if (state.kind !== 'success') return undefined;
    const timer = setTimeout(() => {
      dispatch({ type: 'reset' });
      forgetUploaded();
    }, UPLOAD_SUCCESS_RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);

  function choose(chosen: File | null): void {
    const problem = chosen ? precheckLogoFile(chosen) : null;
    setFile(chosen);
    showPreview(problem === null ? chosen : null);
    dispatch({ type: 'chosen', problem });
  }

  function onDrop(event: DragEvent<HTMLDivElement>): void {
    event.preventDefault();
    setDragging(false);
    const files = event.dataTransfer.files;
    const dropped = files[0];
    if (!dropped) return;
    // The form's own input holds the dropped file too, as if it had been chosen.
    try {
      if (input.current) input.current.files = files;
    } catch {
      // Not settable here: the upload sends the file it was given.
    }
    choose(dropped);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (state.kind === 'uploading') return;
    const address = token?.address.toLowerCase() ?? null;
    const problem = checkBeforeUpload(address, file);
    if (problem !== null || !address || !file) {
      dispatch({ type: 'refused', message: problem ?? ADMIN_MESSAGES.missing });
      return;
    }
    dispatch({ type: 'send' });
    const body = new FormData();
    body.set('action', 'upload');
    body.set('token', address);
    body.set('logo', file, file.name);
    try {
      const answer = await postAdminForm(body);
      const read = readUploadAnswer(answer.status, answer.body);
      if (read.ok) {
        onUploaded(address, read.logoUrl);
        setFile(null);
        showPreview(null);
        if (input.current) input.current.value = '';
      }
      dispatch({ type: 'answered', ok: read.ok, message: read.message });
    } catch {
      dispatch({ type: 'answered', ok: false, message: ADMIN_MESSAGES.uploadFailed });
    }
  }

  const status = uploadStatusText(state);
  return (
    <form
      method="post"
      action="/token-admin"
      encType="multipart/form-data"
      className="space-y-3 border-t border-slate-100 pt-4"
      data-admin-upload
      data-state={state.kind}
      aria-labelledby="admin-upload-title"
      onSubmit={(event) => void onSubmit(event)}
    >
      <h3 id="admin-upload-title" className="text-sm font-semibold text-slate-900">Upload Logo</h3>
      <input type="hidden" name="action" value="upload" />
      <input type="hidden" name="token" value={token?.address.toLowerCase() ?? ''} data-admin-token />
      <div
        data-test="admin-drop-zone"
        data-admin-drop
        data-dragging={dragging ? 'true' : undefined}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-md border-2 border-dashed p-3 ${dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200'}`}
      >
        <label htmlFor="admin-logo-file" className="text-sm font-medium text-slate-800">Logo file</label>
        <input
          ref={input}
          id="admin-logo-file"
          name="logo"
          type="file"
          accept={LOGO_ACCEPT}
          aria-describedby="admin-logo-hint"
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-indigo-800"
        />
        <p id="admin-logo-hint" className="mt-1 text-xs text-slate-700">
          PNG or SVG, at most 200KB. A square image looks best.{hydrated && ' You can also drop the file here.'}
        </p>
      </div>
      <div data-admin-preview data-test="admin-preview" hidden={preview === null} className="flex items-center gap-3 rounded-md border border-slate-200 p-2">
        {preview !== null && <img data-admin-preview-img src={preview} alt="Preview of the chosen logo" width={48} height={48} className="size-12 rounded-full bg-white object-contain" />}
        <p className="min-w-0 text-sm">
          <span className="block break-all text-slate-900" data-test="admin-file-name" data-admin-file-name>{previewable?.name}</span>
          <span className="text-slate-700" data-test="admin-file-size" data-admin-file-size>{previewable ? formatKb(previewable.size) : ''}</span>
        </p>
      </div>
      <button type="submit" data-test="admin-upload" disabled={state.kind === 'uploading'} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60">
        Upload
      </button>
      <p data-test="admin-upload-status" data-admin-status role="status" className={`text-sm ${state.kind === 'error' ? 'text-red-800' : 'text-green-800'}`}>
        {status}
      </p>
    </form>
  );
}
