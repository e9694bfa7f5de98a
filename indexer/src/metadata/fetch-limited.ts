/** Limits of one metadata download. */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** Downloads a URL within a time and size budget; throws on HTTP errors, timeouts and oversized bodies. */
export async function fetchLimited(url: string, limits: FetchLimits): Promise<Buffer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`timed out after ${limits.timeoutMs} ms`)), limits.timeoutMs);
  try {
    const res = await fetch(url, {
      signal: controller.signal,
      redirect: 'follow',
      headers: { accept: 'application/json, */*;q=0.5' },
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > limits.maxBytes) throw new Error(`body of ${declared} bytes exceeds ${limits.maxBytes}`);
    if (!res.body) return Buffer.alloc(0);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) {
        await reader.cancel().catch(() => {});
        throw new Error(`body exceeds ${limits.maxBytes} bytes`);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  } finally {
    clearTimeout(timer);
  }
}
