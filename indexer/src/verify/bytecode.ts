// Bytecode comparison as Sourcify and Blockscout do it: fill in what the chain adds (library addresses, immutable
// values), find the CBOR metadata the compiler appends, and decide between a full match (identical), a partial
// match (only metadata differs) or no match. All hex here is lowercase without 0x.

/** Byte ranges [start, end) in a bytecode, counted in bytes. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Positions of one library's placeholders or of one immutable's slots, as solc reports them (bytes). */
export interface CodeReference {
  start: number;
  length: number;
}

/** solc's linkReferences: file → library → placeholder positions. */
export type LinkReferences = Record<string, Record<string, CodeReference[]>>;

/** solc's immutableReferences: AST id → slots. */
export type ImmutableReferences = Record<string, CodeReference[]>;

/** How compiled code relates to the chain's. */
export type MatchType = 'full' | 'partial';

/** Lowercase hex without 0x. */
export function bare(hex: string): string {
  return (hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex).toLowerCase();
}

/** Reads one CBOR item at `pos` (bytes) and returns the position after it; null when it is not a CBOR item we expect. */
function skipCborItem(bytes: Uint8Array, pos: number, depth = 0): number | null {
  if (pos >= bytes.length || depth > 4) return null;
  const head = bytes[pos] as number;
  const major = head >> 5;
  const info = head & 0x1f;
  let p = pos + 1;
  let arg: number;
  if (info < 24) arg = info;
  else if (info === 24) {
    if (p >= bytes.length) return null;
    arg = bytes[p] as number;
    p += 1;
  } else if (info === 25) {
    if (p + 1 >= bytes.length) return null;
    arg = ((bytes[p] as number) << 8) | (bytes[p + 1] as number);
    p += 2;
  } else return null;
  switch (major) {
    case 0: // unsigned integer
      return p;
    case 2: // byte string
    case 3: // text string
      return p + arg <= bytes.length ? p + arg : null;
    case 5: {
      // map: solc writes text keys with byte-string, text or boolean values
      for (let i = 0; i < arg; i++) {
        if (((bytes[p] ?? 0) >> 5) !== 3) return null;
        const afterKey = skipCborItem(bytes, p, depth + 1);
        if (afterKey === null) return null;
        const afterValue = skipCborItem(bytes, afterKey, depth + 1);
        if (afterValue === null) return null;
        p = afterValue;
      }
      return p;
    }
    case 7: // false, true, null
      return info === 20 || info === 21 || info === 22 ? p : null;
    default:
      return null;
  }
}

/** Keys solc puts first in its metadata map, as CBOR text strings (hex). */
const METADATA_KEYS = ['6469706673', '65627a7a7230', '65627a7a7231', '64736f6c63', '6c6578706572696d656e74616c'];

/**
 * Every CBOR metadata section in a bytecode: a map whose first key is one solc writes (ipfs, bzzr0, bzzr1, solc,
 * experimental), immediately followed by its own length in two bytes. Runtime code has one at its end; creation
 * code also carries those of the contracts it deploys.
 */
export function findMetadata(hex: string): ByteRange[] {
  const code = bare(hex);
  const bytes = Buffer.from(code, 'hex');
  const ranges: ByteRange[] = [];
  for (let i = 0; i < bytes.length - 2; i++) {
    const head = bytes[i] as number;
    if (head < 0xa1 || head > 0xa5) continue;
    const key = code.slice(i * 2 + 2, i * 2 + 2 + 28);
    if (!METADATA_KEYS.some((k) => key.startsWith(k))) continue;
    const end = skipCborItem(bytes, i);
    if (end === null || end + 2 > bytes.length) continue;
    const length = ((bytes[end] as number) << 8) | (bytes[end + 1] as number);
    if (length !== end - i) continue;
    ranges.push({ start: i, end: end + 2 });
    i = end + 1;
  }
  return ranges;
}

/** The metadata section at the very end of runtime code (CBOR and its length), hex; null when there is none. */
export function trailingMetadata(hex: string): string | null {
  const code = bare(hex);
  const last = findMetadata(code).at(-1);
  return last && last.end * 2 === code.length ? code.slice(last.start * 2) : null;
}

/** The compiler version a runtime code's metadata names (solc key, three bytes), as '0.8.30'; null when absent. */
export function metadataCompiler(hex: string): string | null {
  const meta = trailingMetadata(hex);
  // "solc" (text, 4 bytes) followed by a 3-byte byte string: major, minor, patch.
  const at = meta?.indexOf('64736f6c6343') ?? -1;
  if (meta === null || at < 0) return null;
  const v = meta.slice(at + 12, at + 18);
  if (v.length !== 6) return null;
  return [0, 2, 4].map((o) => parseInt(v.slice(o, o + 2), 16)).join('.');
}

/** Replaces byte ranges with zeros (to compare code whose metadata may differ). */
export function maskRanges(hex: string, ranges: readonly ByteRange[]): string {
  let code = bare(hex);
  for (const r of ranges) {
    if (r.end * 2 > code.length) continue;
    code = code.slice(0, r.start * 2) + '00'.repeat(r.end - r.start) + code.slice(r.end * 2);
  }
  return code;
}

/** Libraries that code references but `libraries` does not give an address for ('File.sol:Name' or 'Name' keys). */
export function unlinkedLibraries(refs: LinkReferences, libraries: Readonly<Record<string, string>>): string[] {
  const missing: string[] = [];
  for (const [file, libs] of Object.entries(refs)) {
    for (const name of Object.keys(libs)) {
      if (libraryAddress(libraries, file, name) === null) missing.push(name);
    }
  }
  return missing;
}

/** The address given for a library, by 'file:Name' or by bare name; null when absent. */
function libraryAddress(libraries: Readonly<Record<string, string>>, file: string, name: string): string | null {
  const value = libraries[`${file}:${name}`] ?? libraries[name];
  return value && /^(0x)?[0-9a-fA-F]{40}$/.test(value.trim()) ? bare(value.trim()) : null;
}

/** Writes library addresses over their placeholders; placeholders of libraries not given stay as they are. */
export function linkLibraries(hex: string, refs: LinkReferences, libraries: Readonly<Record<string, string>>): string {
  let code = bare(hex);
  for (const [file, libs] of Object.entries(refs)) {
    for (const [name, positions] of Object.entries(libs)) {
      const address = libraryAddress(libraries, file, name);
      if (address === null) continue;
      for (const { start, length } of positions) {
        if (length !== 20) continue;
        code = code.slice(0, start * 2) + address + code.slice((start + length) * 2);
      }
    }
  }
  return code;
}

/** The addresses the chain's code has where the compiled code has library placeholders, by library name. */
export function linkedOnChain(chainHex: string, refs: LinkReferences): Record<string, string> {
  const chain = bare(chainHex);
  const found: Record<string, string> = {};
  for (const libs of Object.values(refs)) {
    for (const [name, positions] of Object.entries(libs)) {
      const first = positions[0];
      if (first && (first.start + first.length) * 2 <= chain.length) found[name] = `0x${chain.slice(first.start * 2, (first.start + first.length) * 2)}`;
    }
  }
  return found;
}

/** Copies the chain's values into the compiled code's immutable slots (they are zeros in compiler output). */
export function fillImmutables(compiledHex: string, chainHex: string, refs: ImmutableReferences): string {
  let code = bare(compiledHex);
  const chain = bare(chainHex);
  if (code.length !== chain.length) return code;
  for (const positions of Object.values(refs)) {
    for (const { start, length } of positions) {
      code = code.slice(0, start * 2) + chain.slice(start * 2, (start + length) * 2) + code.slice((start + length) * 2);
    }
  }
  return code;
}

/** Compares deployed code: identical is full; identical once every metadata section is masked is partial. */
export function compareRuntime(compiledHex: string, chainHex: string): MatchType | null {
  const compiled = bare(compiledHex);
  const chain = bare(chainHex);
  if (compiled === '' || compiled.length !== chain.length) return null;
  if (compiled === chain) return 'full';
  const ranges = findMetadata(compiled);
  if (ranges.length === 0) return null;
  return maskRanges(compiled, ranges) === maskRanges(chain, ranges) ? 'partial' : null;
}

/** The outcome of comparing creation code with a creation transaction's input. */
export interface CreationMatch {
  match: MatchType;
  /** What the input carries after the creation code: the ABI-encoded constructor arguments (hex, no 0x). */
  constructorArguments: string;
}

/** Compares creation code with the creation transaction's input, which is that code followed by the constructor arguments. */
export function compareCreation(compiledHex: string, inputHex: string): CreationMatch | null {
  const compiled = bare(compiledHex);
  const input = bare(inputHex);
  if (compiled === '' || input.length < compiled.length) return null;
  const head = input.slice(0, compiled.length);
  const constructorArguments = input.slice(compiled.length);
  if (head === compiled) return { match: 'full', constructorArguments };
  const ranges = findMetadata(compiled);
  if (ranges.length > 0 && maskRanges(compiled, ranges) === maskRanges(head, ranges)) return { match: 'partial', constructorArguments };
  return null;
}
