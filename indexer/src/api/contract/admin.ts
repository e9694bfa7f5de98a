// The admin routes' contract: the token admin's sessions and login throttling, and token logos (the uploaded list,
// each logo's bytes, the upload). Only the site server calls the admin routes, with INDEXER_ADMIN_TOKEN as bearer token.
import * as z from 'zod';
import { LOGO_CONTENT_TYPES, MAX_LOGO_BYTES } from '../../../../common/logos/validate.ts';
import { ClientFailures, LoginFailure, loginFailureFields, LogoUpload, NewSession, SessionHash, SessionTouch } from '../admin-requests.ts';
import { address, addressParam, int } from './fields.ts';
import { defineRoute } from './route.ts';

const ADMIN = 'Admin route: needs Authorization: Bearer INDEXER_ADMIN_TOKEN (401 without it, 503 when none is configured).';
/** Every admin route refuses a caller without the token (401), and answers 503 when no token is configured. */
const ADMIN_ERRORS = [401, 503];

/** A logo as listed and as stored. */
export const tokenLogo = z
  .object({
    address,
    type: z.enum(['png', 'svg']),
    hash: z.string().regex(/^[0-9a-f]{64}$/).meta({ description: 'sha256 of the bytes served, hex (the ETag)' }),
    uploadedAt: int.meta({ description: 'Unix milliseconds' }),
  })
  .meta({ id: 'TokenLogo' });

const loginFailures = z.object({ failures: int, oldest: int.nullable().meta({ description: 'when the oldest failure of the window happened (Unix milliseconds)' }) }).meta({ id: 'LoginFailures' });
const bySession = z.object({ idHash: SessionHash.meta({ description: "the hash of the session cookie's id (64 hex digits)" }) });

/** GET /token-logos. */
export const tokenLogosRoute = defineRoute({
  method: 'GET',
  path: '/token-logos',
  summary: 'Uploaded token logos: address, type and content hash (sha256, hex)',
  answer: z.object({ logos: z.array(tokenLogo) }),
});

/** GET /token-logos/{file}. */
export const tokenLogoFileRoute = defineRoute({
  method: 'GET',
  path: '/token-logos/{file}',
  summary:
    "A token's uploaded logo as bytes ({address}.png serves it whatever its type; .svg only an SVG), with the content hash as ETag and a sandboxing Content-Security-Policy; 404 'Logo not found' for another name",
  // A malformed name is not a bad request but a file that is not there (404): the handler reads it, not readParams.
  params: z.object({ file: z.string().meta({ pattern: '^0x[0-9a-fA-F]{40}\\.(png|svg)$' }) }),
  answer: z.string().meta({ format: 'binary', description: 'the logo’s bytes (no JSON: the media type is the logo’s own)' }),
  mediaType: Object.values(LOGO_CONTENT_TYPES),
  badInput: false,
});

/** POST /admin/token-logos/{address}. */
export const uploadLogoRoute = defineRoute({
  method: 'POST',
  path: '/admin/token-logos/{address}',
  summary: `Stores a token's logo: PNG or SVG up to ${MAX_LOGO_BYTES} bytes, checked by content (413 too large, 422 not an image; an SVG is stored sanitised); 404 when the address is not a token. ${ADMIN}`,
  params: z.object({ address: addressParam }),
  body: LogoUpload,
  answer: tokenLogo.extend({ width: int, height: int }),
  errors: [...ADMIN_ERRORS, 413, 422],
});

/** POST /admin/sessions. */
export const newSessionRoute = defineRoute({
  method: 'POST',
  path: '/admin/sessions',
  summary: `Starts a token-admin session under the hash of its id (sessions idle longer than idleMs end). ${ADMIN}`,
  body: NewSession,
  answer: z.object({ created: z.literal(true) }),
  errors: ADMIN_ERRORS,
});

/** POST /admin/sessions/{idHash}/touch. */
export const touchSessionRoute = defineRoute({
  method: 'POST',
  path: '/admin/sessions/{idHash}/touch',
  summary: `The session's user, marking it used; 404 when unknown or idle longer than idleMs. ${ADMIN}`,
  params: bySession,
  body: SessionTouch,
  answer: z.object({ username: z.string(), createdAt: int, lastSeen: int }),
  errors: ADMIN_ERRORS,
});

/** POST /admin/sessions/{idHash}/end. */
export const endSessionRoute = defineRoute({
  method: 'POST',
  path: '/admin/sessions/{idHash}/end',
  summary: `Ends a session (the body is not read). ${ADMIN}`,
  params: bySession,
  answer: z.object({ ended: z.literal(true) }),
  errors: ADMIN_ERRORS,
});

/** GET /admin/login-failures. */
export const loginFailuresRoute = defineRoute({
  method: 'GET',
  path: '/admin/login-failures',
  summary: `Failed token-admin logins of a client within a window. ${ADMIN}`,
  query: z.object(loginFailureFields),
  answer: loginFailures,
  errors: ADMIN_ERRORS,
});

/** POST /admin/login-failures. */
export const recordLoginFailureRoute = defineRoute({
  method: 'POST',
  path: '/admin/login-failures',
  summary: `Records a failed login of a client; answers the failures within the window. ${ADMIN}`,
  body: LoginFailure,
  answer: loginFailures,
  errors: ADMIN_ERRORS,
});

/** POST /admin/login-failures/clear. */
export const clearLoginFailuresRoute = defineRoute({
  method: 'POST',
  path: '/admin/login-failures/clear',
  summary: `Forgets a client's failed logins. ${ADMIN}`,
  body: ClientFailures,
  answer: z.object({ cleared: z.literal(true) }),
  errors: ADMIN_ERRORS,
});

/** The token logo and admin routes. */
export const adminContracts = [
  tokenLogosRoute,
  tokenLogoFileRoute,
  uploadLogoRoute,
  newSessionRoute,
  touchSessionRoute,
  endSessionRoute,
  loginFailuresRoute,
  recordLoginFailureRoute,
  clearLoginFailuresRoute,
];
