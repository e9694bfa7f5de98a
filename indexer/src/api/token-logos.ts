import { createHash } from 'node:crypto';
import { BinaryReply, HttpError, type Router } from '../http/router.ts';
import { checkLogo, LOGO_CONTENT_TYPES, type LogoType } from '../../../common/logos/validate.ts';
import { checkBody } from '../http/body.ts';
import { requireAdmin } from './admin.ts';
import { LOGO_TOO_LARGE, NOT_AN_OBJECT } from './admin-requests.ts';
import { tokenLogoFileRoute, tokenLogosRoute, uploadLogoRoute } from './contract/admin.ts';
import { readParams, type AnswerOf } from './contract/route.ts';
import { logoEntries, logoOf, storeLogo } from '../store/queries/token-logos.ts';
import type { ApiContext } from './context.ts';
import { findToken } from './tokens.ts';

/**
 * Headers of every stored logo: nothing in it may run (an SVG opened directly is sandboxed, with no scripts, no
 * requests and no plug-ins), browsers must not guess another type, and no other site may frame it.
 */
const LOGO_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'cross-origin',
  'content-disposition': 'inline',
};

/** '0xabc….png' or '.svg' (any case) → the address and the form asked for; 404 for anything else. */
function logoFile(file: string | undefined): { address: string; form: LogoType } {
  const m = /^(0x[0-9a-fA-F]{40})\.(png|svg)$/.exec(file ?? '');
  if (!m) throw new HttpError(404, 'Logo not found');
  return { address: (m[1] as string).toLowerCase(), form: m[2] as LogoType };
}

/**
 * Token logos: the list of uploaded ones (so sites know which tokens have one, and its version), each logo's bytes
 * with a content-hash ETag, and the authenticated upload. An upload is checked again here (type by content, size,
 * SVG sanitised), whatever the site already checked.
 */
export function tokenLogoRoutes(router: Router, ctx: ApiContext): void {
  router.get(tokenLogosRoute.path, async (): Promise<AnswerOf<typeof tokenLogosRoute>> => ({
    logos: (await logoEntries(ctx.db))
      .map((r) => ({ address: r.address, type: r.type, hash: r.hash, uploadedAt: r.uploadedAt })),
  }));

  router.get(tokenLogoFileRoute.path, async ({ params }) => {
    const { address, form } = logoFile(params['file']);
    const row = await logoOf(ctx.db, address);
    // The .png name is the logo's address whatever its type (the spec's URL); .svg answers only an SVG logo.
    if (!row || (form === 'svg' && row.logo_type !== 'svg')) throw new HttpError(404, 'Logo not found');
    return new BinaryReply(new Uint8Array(row.bytes), {
      ...LOGO_HEADERS,
      'content-type': LOGO_CONTENT_TYPES[row.logo_type],
      etag: `"${row.hash}"`,
      'cache-control': 'public, max-age=300',
    });
  });

  router.post(uploadLogoRoute.path, async (req): Promise<AnswerOf<typeof uploadLogoRoute>> => {
    requireAdmin(ctx, req);
    const { address } = readParams(uploadLogoRoute, req.params);
    const upload = checkBody(uploadLogoRoute.body, req.body);
    // A body that is not a JSON object is refused before the token is looked up, its fields' problems after.
    if (!upload.ok && upload.message === NOT_AN_OBJECT) throw new HttpError(400, upload.message);
    if (!(await findToken(ctx, address))) throw new HttpError(404, 'Token not found');
    if (!upload.ok) throw new HttpError(upload.message === LOGO_TOO_LARGE ? 413 : 400, upload.message);
    const { data, uploadedBy } = upload.value;
    const check = checkLogo(data);
    if (!check.ok) throw new HttpError(check.reason === 'too-large' ? 413 : 422, check.reason === 'too-large' ? LOGO_TOO_LARGE : 'Please select an image file');
    const hash = createHash('sha256').update(check.bytes).digest('hex');
    const now = Date.now();
    await storeLogo(ctx.db, { address, logo_type: check.type, bytes: check.bytes, hash, uploaded_by: uploadedBy, uploaded_at: now });
    return { address, type: check.type, hash, uploadedAt: now, width: check.width, height: check.height };
  });
}
