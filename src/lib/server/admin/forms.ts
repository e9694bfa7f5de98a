// The forms of /token-admin: which action a post asks for, the login and the logo upload, each read by a
// schema whose messages are the spec's and the panel's.
import * as z from 'zod';
import { ADMIN_MESSAGES, MAX_LOGO_BYTES } from '../../tokens/admin-messages.ts';
import { textField } from '../forms.ts';

/** Longest user name and password read from the form. */
const MAX_USERNAME = 200;
const MAX_PASSWORD = 1024;

/** What a post asks for; anything else shows the panel again (400). */
export const AdminAction = z.object({ action: z.enum(['login', 'logout', 'upload']) });

/** A login as typed (the user name is shown again after a refusal, never the password), each cut to its longest. */
export const LoginFields = z.object({
  username: textField.transform((v) => v.slice(0, MAX_USERNAME)),
  password: textField.transform((v) => v.slice(0, MAX_PASSWORD)),
});

/** What the login form says when a field is left empty. */
const LOGIN_MISSING = 'Please enter both a username and a password.';

/** A login that can be checked: both fields filled (checked after the throttle, so a blocked client hears 429 first). */
export const FilledLogin = LoginFields.refine((login) => login.username.trim() !== '' && login.password !== '', { error: LOGIN_MISSING });

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * A logo upload: the chosen token (lowercased) and a non-empty file of at most 200 KB; its content is checked once
 * read (PNG decoded, SVG sanitised). Answered with 400 (missing) or 413 (too large): see uploadStatus.
 */
export const UploadForm = z.object({
  token: z
    .string({ error: ADMIN_MESSAGES.missing })
    .regex(ADDRESS, ADMIN_MESSAGES.missing)
    .transform((v) => v.toLowerCase()),
  logo: z
    .instanceof(File, { error: ADMIN_MESSAGES.missing })
    .refine((f) => f.size > 0, ADMIN_MESSAGES.missing)
    .refine((f) => f.size <= MAX_LOGO_BYTES, ADMIN_MESSAGES.tooLarge),
});

/** The status of an upload form's problem. */
export function uploadStatus(message: string): 400 | 413 {
  return message === ADMIN_MESSAGES.tooLarge ? 413 : 400;
}
