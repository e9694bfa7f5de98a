import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { asError } from './errors.ts';

// HTTP content encoding for the indexer's JSON and the site (its pages, streamed, and its built assets, compressed
// once at build time): Brotli or gzip as the client's Accept-Encoding prefers, nothing for a client that accepts
// neither, and nothing at all when HTTP_COMPRESSION=0 (a proxy in front already compresses).

/** The encodings this code produces. */
export type Encoding = 'br' | 'gzip';

/** Bodies smaller than this are sent as they are: the encoding's framing would eat the gain. */
export const MIN_COMPRESS_BYTES = 512;

/**
 * The encoding to answer with, from an Accept-Encoding header: the acceptable one (q > 0) of highest q, Brotli
 * before gzip on a tie; '*' accepts both unless named with q=0. Null when neither is acceptable.
 */
export function negotiateEncoding(accept: string | null | undefined): Encoding | null {
  if (!accept) return null;
  const q: Record<string, number> = {};
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Math.min(1, Number(m[1]) || 0);
    }
    q[name] = weight;
  }
  const weightOf = (name: Encoding): number => q[name] ?? (name === 'gzip' ? q['x-gzip'] : undefined) ?? q['*'] ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** Whether a content type is worth compressing (text, JSON, JavaScript, XML, SVG). */
export function isCompressible(contentType: string | null | undefined): boolean {
  return /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json|problem\+json)|image\/svg\+xml)/i.test(contentType?.trim() ?? '');
}

/** A Vary header value with Accept-Encoding added once. */
export function varyWithEncoding(existing: string | null | undefined): string {
  const parts = (existing ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.some((p) => p === '*' || p.toLowerCase() === 'accept-encoding')) return parts.join(', ');
  return [...parts, 'Accept-Encoding'].join(', ');
}

/**
 * Effort: 'static' for files compressed once at build time (smallest), 'dynamic' for answers made per request (fast),
 * 'kept' for pages the site's render cache serves many times (made again once, off the request: small, in about 30 ms
 * for a 90 KB page, where 'static' takes about 90 ms).
 */
export type Effort = 'static' | 'dynamic' | 'kept';

/** Brotli quality per effort. */
const BROTLI_QUALITY: Record<Effort, number> = { static: 11, kept: 10, dynamic: 5 };
/** gzip level per effort. */
const GZIP_LEVEL: Record<Effort, number> = { static: 9, kept: 9, dynamic: 6 };

function brotliOptions(effort: Effort, size?: number): zlib.BrotliOptions {
  return {
    params: {
      // Quality 5 for answers made per request: a 90 KB page in about 1 ms, 8 % smaller than quality 4, which on a
      // slow link can keep a list page within the connection's first round trips.
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      // A 256 KB window for answers made per request: a page or JSON answer fits, and the compressor's state stays
      // small (the default 4 MB window costs more to set up than a page costs to compress).
      ...(effort !== 'static' ? { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } : {}),
      ...(size !== undefined ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } : {}),
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compresses a whole body (off the main thread's critical path: zlib's thread pool). */
export function compressBody(body: Buffer, encoding: Encoding, effort: Effort = 'dynamic'): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, brotliOptions(effort, body.length)) : gzip(body, { level: GZIP_LEVEL[effort] });
}

/** Compresses a whole body synchronously (build time). */
export function compressBodySync(body: Buffer, encoding: Encoding, effort: Effort = 'static'): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(effort, body.length)) : zlib.gzipSync(body, { level: GZIP_LEVEL[effort] });
}

/**
 * Compresses a web stream for an answer sent while it is produced (a page rendered in parts). Chunks written in one
 * burst are compressed together and flushed once the burst ends (the next turn of the event loop), so a page whose
 * renderer pauses (waiting for data) still reaches the browser part by part, without paying a flush per small chunk.
 */
export function compressWebStream(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  const z = encoding === 'br' ? zlib.createBrotliCompress(brotliOptions('dynamic')) : zlib.createGzip({ level: 6 });
  const reader = body.getReader();
  let flushPending = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      z.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
      z.once('end', () => controller.close());
      z.once('error', (error) => controller.error(error));
      void (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          z.write(value);
          if (!flushPending) {
            flushPending = true;
            setImmediate(() => {
              flushPending = false;
              if (!z.writableEnded) z.flush();
            });
          }
        }
        z.end();
      })().catch((error: unknown) => z.destroy(asError(error)));
    },
    cancel(reason) {
      z.destroy();
      return reader.cancel(reason);
    },
  });
}
