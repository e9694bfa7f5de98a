// A logo upload: the form is read with a size limit, the file checked by content (PNG decoded, SVG
// sanitised) whatever the browser said, then forwarded to the indexer, which checks again and stores it.
import { checkLogo } from '../../../../common/logos/validate.ts';
import { ADMIN_MESSAGES, MAX_LOGO_BYTES } from '../../tokens/admin-messages.ts';
import { adminPost } from './indexer-admin.ts';

/** Room for the form's other fields and multipart framing around the largest logo. */
export const MAX_UPLOAD_BODY = MAX_LOGO_BYTES + 16 * 1024;

/** Outcome of an upload: the stored logo, or the status and spec message to answer. */
export type UploadOutcome =
  | { ok: true; address: string; type: 'png' | 'svg'; hash: string }
  | { ok: false; status: 400 | 413 | 415 | 502 | 503; message: string };

/** The request body, read up to `max` bytes; null when it is longer (reading stops there). */
export async function readBody(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > max) return null;
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Checks a chosen file's content (its form is read by UploadForm) and stores it as the token's logo through the indexer. */
export async function uploadLogo(address: string, file: File, username: string): Promise<UploadOutcome> {
  const check = checkLogo(new Uint8Array(await file.arrayBuffer()));
  if (!check.ok) {
    return check.reason === 'too-large'
      ? { ok: false, status: 413, message: ADMIN_MESSAGES.tooLarge }
      : { ok: false, status: 415, message: ADMIN_MESSAGES.notImage };
  }
  try {
    const res = await adminPost(`/admin/token-logos/${address}`, { data: Buffer.from(check.bytes).toString('base64'), uploadedBy: username }, 15_000);
    const body = res.body as { type?: unknown; hash?: unknown } | null;
    if (res.ok && (body?.type === 'png' || body?.type === 'svg') && typeof body.hash === 'string') {
      return { ok: true, address, type: body.type, hash: body.hash };
    }
    if (res.status === 413) return { ok: false, status: 413, message: ADMIN_MESSAGES.tooLarge };
    if (res.status === 422) return { ok: false, status: 415, message: ADMIN_MESSAGES.notImage };
    return { ok: false, status: 502, message: ADMIN_MESSAGES.uploadFailed };
  } catch {
    return { ok: false, status: 503, message: ADMIN_MESSAGES.uploadFailed };
  }
}
