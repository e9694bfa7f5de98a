import {
  compressBody,
  compressWebStream,
  isCompressible,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
  varyWithEncoding,
  type Encoding,
} from '../../../common/encoding.ts';
import { pageEtag, type PackedPage } from './render-cache.ts';
import { siteSettings } from './settings.ts';

// Compression of the pages the server renders (HTML, and the few JSON or text answers): Brotli or gzip as the browser
// accepts, streamed (flushed when the renderer pauses) so a page rendered in parts still arrives in parts. Static files are
// compressed at build time instead (src/lib/server/build/precompress.ts, served by site-server.ts).

/** The response compressed for this request when it should be; Vary: Accept-Encoding on every compressible answer. */
export function compressResponse(request: Request, response: Response, enabled = siteSettings().HTTP_COMPRESSION): Response {
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

/**
 * A kept page's copies made again at the effort for pages served many times (the render cache's recompress: Brotli
 * quality 10, gzip level 9), on libuv's thread pool.
 */
export async function keptCopies(body: Uint8Array): Promise<ReadonlyMap<string, Uint8Array>> {
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const encodings: Encoding[] = ['br', 'gzip'];
  const copies = await Promise.all(encodings.map((e) => compressBody(buffer, e, 'kept')));
  return new Map(encodings.map((e, i) => [e, copies[i] as Buffer]));
}

/**
 * A page made ready for the render cache (render-cache.ts): its bytes, their Brotli and gzip copies (made at once, on
 * libuv's thread pool, so that no hit ever compresses) and its ETag. No copies when compression is off.
 */
export async function packPage(body: Uint8Array, enabled = siteSettings().HTTP_COMPRESSION): Promise<PackedPage> {
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const encodings: Encoding[] = enabled && body.byteLength >= MIN_COMPRESS_BYTES ? ['br', 'gzip'] : [];
  const copies = await Promise.all(encodings.map((e) => compressBody(buffer, e)));
  return { body, encoded: new Map(encodings.map((e, i) => [e, copies[i] as Buffer])), etag: pageEtag(body) };
}
