import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every indexer request goes through src/lib/indexer-api/transport.ts (time-outs, typed errors, one outcome type). This
// reads every source file and fails on any other network call, so a new island cannot quietly fetch by itself.

const SRC = new URL('../../src/', import.meta.url).pathname;

/** Files allowed to call fetch, and why: none of them talks to the indexer. */
const ALLOWED: Readonly<Record<string, RegExp>> = {
  // The transport itself.
  'lib/indexer-api/transport.ts': /globalThis\.fetch\(input, init\)/,
  // The fetch the server's transport is given: the platform's, ended by the page's deadline.
  'lib/server/deadline.ts': /globalThis\.fetch\(input, init\)/,
  // The transaction list's Refresh re-reads the site's own page (same origin HTML), not the indexer.
  'islands/NewTxBanner.tsx': /fetch\(location\.href, \{ headers: \{ accept: 'text\/html' \} \}\)/,
  // The NFT search re-reads the site's own /nfts page for the typed query (same origin HTML).
  'components/nfts/NftSearchForm.astro': /fetch\(url, \{ signal: own\.signal, headers: \{ accept: 'text\/html' \} \}\)/,
  // The token admin island asks its own page for the token list and posts its own forms (same origin, with the session cookie).
  'lib/admin/requests.ts': /fetch\(url, \{ credentials: 'same-origin', \.\.\.init \}\)/,
  // The market-data provider (server only, with its API key), not the indexer.
  'lib/server/market-data.ts': /globalThis\.fetch\(input, init\)/,
  // The tab's event stream (GET /events): an EventSource, which no fetch-based transport can be; where it
  // cannot open, the parts poll through the transport.
  'lib/stores/live-stream.ts': /new Source\(streamUrl\(options\.indexerUrl, topics, lastId\)\)/,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|tsx|astro|js|mjs)$/.test(name) ? [path] : [];
  });
}

/** Calls that reach the network by themselves. */
const NETWORK_CALL = /\bfetch\s*\(|\bXMLHttpRequest\b|\bnew\s+WebSocket\b|\bnew\s+EventSource\b|\bsendBeacon\s*\(/g;

describe('the indexer is reached only through the transport', () => {
  const files = sourceFiles(SRC).map((path) => ({ file: relative(SRC, path), text: readFileSync(path, 'utf8') }));

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files.map((f) => [f.file, f.text] as const))('%s makes no network call of its own', (file, text) => {
    const calls = text.match(NETWORK_CALL) ?? [];
    const allowed = ALLOWED[file];
    if (allowed === undefined) {
      expect(calls, `${file} calls the network: use src/lib/indexer-api/*`).toEqual([]);
    } else {
      // Exactly the one reviewed call, nothing else beside it.
      expect(calls).toHaveLength(1);
      expect(text).toMatch(allowed);
    }
  });

  it('the allowed files still exist (the list does not rot)', () => {
    const names = new Set(files.map((f) => f.file));
    expect(Object.keys(ALLOWED).filter((file) => !names.has(file))).toEqual([]);
  });
});
