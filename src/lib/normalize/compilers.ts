import { isRecord, toBool, toText, unwrapList } from './fields.ts';

// The compilers the indexer's verifier offers (GET /contracts/compilers).

/** GET /contracts/compilers {compilers: [{version, offline}]}; null when the body has no list. */
export function normalizeCompilerList(raw: unknown): { version: string; offline: boolean }[] | null {
  const list = unwrapList(raw, 'compilers');
  if (list === null) return null;
  return list.flatMap((entry) => {
    const version = isRecord(entry) ? toText(entry['version']) : toText(entry);
    return version ? [{ version, offline: isRecord(entry) ? (toBool(entry['offline']) ?? false) : false }] : [];
  });
}
