import { compressionEnabled, compressWebStream, isCompressible, negotiateEncoding, varyWithEncoding } from '../../../indexer/src/http/encoding.ts';

// Compression of the pages the server renders (HTML, and the few JSON or text answers): Brotli or gzip as the browser
// accepts, streamed (flushed when the renderer pauses) so a page rendered in parts still arrives in parts. Static files are
// compressed at build time instead (src/lib/build/precompress.ts, served by scripts/site-server.ts).

const ENABLED = compressionEnabled();

/** The response compressed for this request when it should be; Vary: Accept-Encoding on every compressible answer. */
export function compressResponse(request: Request, response: Response, enabled = ENABLED): Response {
  const type = response.headers.get('content-type');
  if (!isCompressible(type) || response.status === 204 || response.status === 304) return response;
  const headers = new Headers(response.headers);
  headers.set('vary', varyWithEncoding(headers.get('vary')));
  const encoding = enabled && response.body && !headers.has('content-encoding') && request.method !== 'HEAD' ? negotiateEncoding(request.headers.get('accept-encoding')) : null;
  if (!encoding || !response.body) return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  const body = compressWebStream(response.body, encoding);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
