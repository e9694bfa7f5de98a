// Texts of the token admin, shared by the server and the panel's island.
import { MAX_LOGO_BYTES } from '../../../common/logos/limits.ts';

/** Logo and login messages, exactly as the spec words them. */
export const ADMIN_MESSAGES = {
  notImage: 'Please select an image file',
  tooLarge: 'File size should be less than 200KB',
  missing: 'Please select a token and a logo file',
  uploadFailed: 'Failed to upload logo. Please try again.',
  tokensFailed: 'Failed to fetch tokens. Please try again.',
  invalidLogin: 'Invalid username or password',
  uploaded: 'Logo uploaded successfully',
} as const;

/** Largest logo accepted: 200 KB, the indexer's own limit. */
export { MAX_LOGO_BYTES };

/** The success state of an upload resets after this long. */
export const UPLOAD_SUCCESS_RESET_MS = 3_000;

/** File types the chooser offers: PNG and SVG. */
export const LOGO_ACCEPT = 'image/png,image/svg+xml,.png,.svg';

/** A file size as the panel shows it: kilobytes with one decimal ('12.3 KB'). */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * What the browser can tell of a chosen file before it is sent: not an image type → 'Please select an image file';
 * over 200KB → 'File size should be less than 200KB'; else null. The server checks again by content.
 */
export function precheckLogoFile(file: { type: string; size: number; name: string }): string | null {
  const type = file.type.toLowerCase();
  const byName = /\.(png|svg)$/i.test(file.name);
  if (type === '' ? !byName : !type.startsWith('image/')) return ADMIN_MESSAGES.notImage;
  if (file.size > MAX_LOGO_BYTES) return ADMIN_MESSAGES.tooLarge;
  return null;
}
