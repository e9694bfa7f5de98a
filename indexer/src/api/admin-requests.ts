import * as z from 'zod';
import { MAX_LOGO_BYTES } from '../../../common/logos/validate.ts';
import { jsonObject } from '../http/body.ts';

// The bodies of the admin routes (admin sessions, login throttling, logo uploads), which only the site server sends.
// Each field says what is wrong with it as the routes always have ('Invalid {field}'); fields are listed in the order
// the routes checked them, so the first problem reported stays the same.

/** What every admin route says of a body that is not a JSON object. */
export const NOT_AN_OBJECT = 'Request body must be a JSON object';

/** Longest client key kept for throttling (an IPv6 address with zone fits easily). */
const MAX_CLIENT_LENGTH = 100;
/** Longest window or idle time the site may ask for: a day. */
export const MAX_WINDOW_MS = 86_400_000;

/** A string of 1 to max characters. */
const text = (name: string, max: number) => {
  const error = `Invalid ${name}`;
  return z.string({ error }).min(1, error).max(max, error);
};

/** A duration in milliseconds within (0, a day], as a number or its text (a query parameter). */
const duration = (name: string) => {
  const error = `Invalid ${name}`;
  return z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number({ error }).int(error).positive(error).max(MAX_WINDOW_MS, error));
};

/** A session's id as the indexer knows it: the hash of the cookie's id (in a body or a path). */
export const SessionHash = z.string({ error: 'Invalid session' }).regex(/^[0-9a-f]{64}$/, 'Invalid session');

/** POST /admin/sessions: a new session of a user, and the idle time after which sessions end. */
export const NewSession = jsonObject({ idHash: SessionHash, username: text('username', 200), idleMs: duration('idleMs') }, NOT_AN_OBJECT);

/** POST /admin/sessions/{idHash}/touch: the idle time the session must be within. */
export const SessionTouch = jsonObject({ idleMs: duration('idleMs') }, NOT_AN_OBJECT);

/** A client's failed login and the window failures are counted in: GET /admin/login-failures' query, POST's body. */
export const loginFailureFields = { client: text('client', MAX_CLIENT_LENGTH), windowMs: duration('windowMs') };

/** POST /admin/login-failures: a client's failed login and the window failures are counted in. */
export const LoginFailure = jsonObject(loginFailureFields, NOT_AN_OBJECT);

/** POST /admin/login-failures/clear: the client whose failures are forgotten. */
export const ClientFailures = jsonObject({ client: text('client', MAX_CLIENT_LENGTH) }, NOT_AN_OBJECT);

/** The spec's message of a logo over the size limit. */
export const LOGO_TOO_LARGE = 'File size should be less than 200KB';

/**
 * POST /admin/token-logos/{address}: the logo's bytes in strict base64 (413 past the largest logo: see LOGO_TOO_LARGE)
 * and who uploaded it ('admin' when not said, at most 200 characters kept).
 */
export const LogoUpload = jsonObject(
  {
    uploadedBy: z.unknown().optional().transform((v) => (typeof v === 'string' ? v.slice(0, 200) : 'admin')),
    data: z
      .string({ error: 'Invalid data' })
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Invalid data')
      .max(Math.ceil(MAX_LOGO_BYTES / 3) * 4, LOGO_TOO_LARGE)
      .transform((v) => new Uint8Array(Buffer.from(v, 'base64'))),
  },
  NOT_AN_OBJECT,
);
