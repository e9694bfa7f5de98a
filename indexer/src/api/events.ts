import { Interface, id as eventId } from 'ethers';

// Events of the token standards and Ownable. ERC-721 differs from ERC-20 only by an indexed third argument.
const FOUR_OR_LESS_TOPICS = new Interface([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  'event URI(string value, uint256 indexed id)',
]);
const NFT_EVENTS = new Interface([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
]);

const TOPIC_BY_NAME = new Map<string, string>();
FOUR_OR_LESS_TOPICS.forEachEvent((e) => TOPIC_BY_NAME.set(e.name.toLowerCase(), e.topicHash));

/**
 * topic0 for an event name: a full signature such as 'Deposit(address,uint256)', an event of the contract's verified
 * ABI, or a standard one; null if unknown.
 */
export function eventTopic(name: string, abi: Interface | null = null): string | null {
  const trimmed = name.trim();
  if (/^\w+\(.*\)$/.test(trimmed)) return eventId(trimmed.replace(/\s+/g, ''));
  let own: string | null = null;
  abi?.forEachEvent((e) => {
    if (own === null && e.name === trimmed) own = e.topicHash;
  });
  return own ?? TOPIC_BY_NAME.get(trimmed.toLowerCase()) ?? null;
}

function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

/** Name, signature and arguments of a log: by the contract's verified ABI when given, else the standard events; nulls when neither knows it. */
export function decodeEvent(
  topics: readonly string[],
  data: string,
  abi: Interface | null = null,
): { event: string | null; signature: string | null; args: Record<string, unknown> | null } {
  if (abi) {
    const own = decodeWith(abi, topics, data);
    if (own.event !== null) return own;
  }
  const iface = topics.length === 4 && NFT_EVENTS.getEvent(topics[0] ?? '') ? NFT_EVENTS : FOUR_OR_LESS_TOPICS;
  return decodeWith(iface, topics, data);
}

function decodeWith(iface: Interface, topics: readonly string[], data: string): { event: string | null; signature: string | null; args: Record<string, unknown> | null } {
  try {
    const parsed = iface.parseLog({ topics: [...topics], data });
    if (!parsed) return { event: null, signature: null, args: null };
    const args: Record<string, unknown> = {};
    parsed.fragment.inputs.forEach((input, i) => {
      args[input.name] = plain(parsed.args[i]);
    });
    return { event: parsed.name, signature: parsed.signature, args };
  } catch {
    return { event: null, signature: null, args: null };
  }
}
