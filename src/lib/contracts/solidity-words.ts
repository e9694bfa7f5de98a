// What a Solidity word is, for highlighting only: the compiler decides what a word means, this only picks a colour,
// so contextual words that are also common names (`from`, `at`, `layout`, `global`) are left to the scanner's context.

/** The kinds a bare word can have. */
export type WordKind = 'keyword' | 'type' | 'builtin' | 'number' | 'identifier';

const KEYWORDS = new Set([
  'abstract', 'anonymous', 'as', 'assembly', 'break', 'calldata', 'catch', 'constant', 'constructor', 'continue',
  'contract', 'delete', 'do', 'else', 'emit', 'enum', 'error', 'event', 'external', 'fallback', 'false', 'for',
  'function', 'if', 'immutable', 'import', 'indexed', 'interface', 'internal', 'is', 'library', 'memory', 'modifier',
  'new', 'override', 'payable', 'private', 'public', 'pure', 'receive', 'return', 'returns', 'revert', 'storage',
  'struct', 'transient', 'true', 'try', 'unchecked', 'using', 'view', 'virtual', 'while',
  // Inline assembly (Yul).
  'let', 'switch', 'case', 'default', 'leave',
  // Reserved for future use: highlighted so a reader sees they are not ordinary names.
  'after', 'alias', 'apply', 'auto', 'copyof', 'define', 'final', 'implements', 'in', 'inline', 'macro', 'match',
  'mutable', 'null', 'of', 'partial', 'promise', 'reference', 'relocatable', 'sealed', 'sizeof', 'static', 'supports',
  'typedef', 'typeof', 'var',
]);

const TYPES = new Set(['address', 'bool', 'string', 'bytes', 'byte', 'int', 'uint', 'fixed', 'ufixed', 'mapping']);

const BUILTINS = new Set([
  'msg', 'block', 'tx', 'abi', 'this', 'super', 'now', 'gasleft', 'blockhash', 'blobhash', 'keccak256', 'sha256', 'sha3',
  'ripemd160', 'ecrecover', 'addmod', 'mulmod', 'selfdestruct', 'suicide', 'require', 'assert', 'type',
]);

// Ether and time sub-denominations are part of the number they follow (`1 ether`, `2 days`).
const UNITS = new Set(['wei', 'gwei', 'ether', 'finney', 'szabo', 'seconds', 'minutes', 'hours', 'days', 'weeks', 'years']);

/** Whether N of intN/uintN is a size Solidity accepts (8 to 256 in steps of 8). */
function isIntSize(digits: string): boolean {
  const n = Number(digits);
  return digits[0] !== '0' && n >= 8 && n <= 256 && n % 8 === 0;
}

/** Whether a word names a sized elementary type: uint8…uint256, int8…int256, bytes1…bytes32, (u)fixedMxN. */
function isSizedType(word: string): boolean {
  // Each pattern runs over one already-scanned word and has no nested repetition, so it cannot backtrack badly.
  const int = /^u?int(\d{1,3})$/.exec(word);
  if (int) return isIntSize(int[1] ?? '');
  const bytes = /^bytes(\d{1,2})$/.exec(word);
  if (bytes) {
    const n = Number(bytes[1]);
    return bytes[1]?.[0] !== '0' && n >= 1 && n <= 32;
  }
  const fixed = /^u?fixed(\d{1,3})x(\d{1,2})$/.exec(word);
  return fixed !== null && isIntSize(fixed[1] ?? '') && Number(fixed[2]) <= 80 && (fixed[2] === '0' || fixed[2]?.[0] !== '0');
}

/** The highlighting kind of a Solidity word on its own, without looking at its neighbours. */
export function wordKind(word: string): WordKind {
  if (KEYWORDS.has(word)) return 'keyword';
  if (TYPES.has(word) || isSizedType(word)) return 'type';
  if (BUILTINS.has(word)) return 'builtin';
  if (UNITS.has(word)) return 'number';
  return 'identifier';
}
