// The image's health check: `node deploy/probe.ts [/livez|/readyz]` asks the process of this container for that
// probe on loopback and exits 0 on a 200, 1 otherwise (the slim image has no curl). The port is PROBE_PORT when set,
// else the indexer's (INDEXER_PORT) when the container's main process runs indexer/index.ts, else the site's (PORT).
import { readFileSync } from 'node:fs';
import { errorMessage } from '../common/errors.ts';

/** The port this container's main process listens on. */
export function probePort(env: Record<string, string | undefined>, mainCommand: string): string {
  if (env['PROBE_PORT']) return env['PROBE_PORT'];
  if (mainCommand.includes('indexer/index.ts')) return env['INDEXER_PORT'] ?? '3300';
  return env['PORT'] ?? '4321';
}

/** The command line of process 1 (the container's main process), '' where /proc is not readable. */
function mainCommand(): string {
  try {
    return readFileSync('/proc/1/cmdline', 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

if (import.meta.main) {
  const path = process.argv[2] ?? '/livez';
  const url = `http://127.0.0.1:${probePort(process.env, mainCommand())}${path}`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_500) });
    if (res.status !== 200) console.error(`${url}: ${res.status} ${await res.text()}`);
    process.exit(res.status === 200 ? 0 : 1);
  } catch (err) {
    console.error(`${url}: ${errorMessage(err)}`);
    process.exit(1);
  }
}
