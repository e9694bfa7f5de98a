import type { ProxyInfo } from '../model/wire.ts';
import { isRecord, toAddress, toBool, toText } from './fields.ts';

// What the bundled indexer found about a proxy (GET /contracts/{a}/proxy).

/** GET /contracts/{a}/proxy (bundled indexer): a proxy's kind and implementation; null for anything else. */
export function normalizeProxyInfo(raw: unknown): ProxyInfo | null {
  if (!isRecord(raw)) return null;
  const isProxy = toBool(raw['isProxy']);
  if (isProxy === null) return null;
  const implementation = toAddress(raw['implementation']);
  if (isProxy && implementation === null) return null;
  const kind = toText(raw['kind']);
  return { isProxy, kind: isProxy ? kind : null, implementation: isProxy ? implementation : null, implementationVerified: isProxy && toBool(raw['implementationVerified']) === true };
}
