// GET /token-logos/{address}.png (and .svg): the logo an admin uploaded (stored by the indexer, which is asked once
// per content version), else the preset's bundled logo, else 404. Hardened so that nothing served here can run.
import type { APIRoute } from 'astro';
import { etagMatches } from '../../../common/etag.ts';
import { freshLogoIndex } from '../../lib/server/logo-index.ts';
import { uploadedLogoBytes } from '../../lib/server/logo-bytes.ts';
import { uploadedLogo } from '../../lib/tokens/logo-index.ts';
import { LOGO_VERSION_LENGTH } from '../../lib/tokens/logo-url.ts';
import {
  LOGO_CACHE_CONTROL,
  LOGO_SECURITY_HEADERS,
  parseLogoFileName,
  tokenLogoPng,
  UPLOADED_LOGO_CACHE_CONTROL,
  VERSIONED_LOGO_CACHE_CONTROL,
} from '../../lib/server/logos.ts';

const CONTENT_TYPES = { png: 'image/png', svg: 'image/svg+xml' } as const;

function notFound(): Response {
  return new Response('Logo not found', {
    status: 404,
    headers: { ...LOGO_SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export const GET: APIRoute = async ({ params, request, url }) => {
  const file = parseLogoFileName(params['file']);
  if (!file) return notFound();
  await freshLogoIndex();
  const uploaded = uploadedLogo(file.address);
  if (uploaded && (file.form === 'png' || uploaded.type === 'svg')) {
    const etag = `"${uploaded.hash}"`;
    const versioned = url.searchParams.get('v') === uploaded.hash.slice(0, LOGO_VERSION_LENGTH);
    const headers = {
      ...LOGO_SECURITY_HEADERS,
      'Content-Type': CONTENT_TYPES[uploaded.type],
      ETag: etag,
      'Cache-Control': versioned ? VERSIONED_LOGO_CACHE_CONTROL : UPLOADED_LOGO_CACHE_CONTROL,
    };
    if (etagMatches(request.headers.get('if-none-match'), etag)) {
      return new Response(null, { status: 304, headers });
    }
    const bytes = await uploadedLogoBytes(uploaded).catch(() => null);
    if (bytes) return new Response(bytes, { status: 200, headers: { ...headers, 'Content-Length': String(bytes.byteLength) } });
    // The indexer could not answer: a bundled logo (or the initials) rather than an error.
  }
  const png = file.form === 'png' ? tokenLogoPng(file.address) : null;
  if (!png) return notFound();
  return new Response(new Uint8Array(png), {
    status: 200,
    headers: { ...LOGO_SECURITY_HEADERS, 'Content-Type': 'image/png', 'Content-Length': String(png.length), 'Cache-Control': LOGO_CACHE_CONTROL },
  });
};
