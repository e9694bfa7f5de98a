// GET /token-logos/{address}.png: the token's logo as PNG, or 404. Hardened so that nothing served here can run.
import type { APIRoute } from 'astro';
import { LOGO_CACHE_CONTROL, LOGO_SECURITY_HEADERS, parseLogoFileName, tokenLogoPng } from '../../lib/tokens/logos.ts';

export const GET: APIRoute = ({ params }) => {
  const address = parseLogoFileName(params['file']);
  const png = address ? tokenLogoPng(address) : null;
  if (!png) {
    return new Response('Logo not found', {
      status: 404,
      headers: { ...LOGO_SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return new Response(new Uint8Array(png), {
    status: 200,
    headers: { ...LOGO_SECURITY_HEADERS, 'Content-Type': 'image/png', 'Content-Length': String(png.length), 'Cache-Control': LOGO_CACHE_CONTROL },
  });
};
