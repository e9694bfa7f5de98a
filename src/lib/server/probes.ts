// The site server's probes (/livez, /readyz): JSON, never kept by a cache.

/** A probe's JSON answer with its status, never cached. */
export function probeResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
}
