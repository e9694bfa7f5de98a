import type { RpcClient } from '../chain/rpc.ts';

// Proxy detection, as Etherscan and Blockscout do it for "Read/Write as Proxy": an EIP-1167 minimal proxy names its
// implementation in its code; EIP-1967 keeps it (or a beacon that answers it) in fixed storage slots; EIP-1822 (UUPS)
// in its own slot. The caller then uses the implementation's verified ABI against the proxy's address.

/** keccak256('eip1967.proxy.implementation') - 1 */
export const EIP1967_IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
/** keccak256('eip1967.proxy.beacon') - 1 */
export const EIP1967_BEACON_SLOT = '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50';
/** keccak256('PROXIABLE') */
export const EIP1822_SLOT = '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7';
/** implementation() of a beacon. */
const IMPLEMENTATION_SELECTOR = '0x5c60da1b';

/** What kind of proxy an address is, and where it delegates to. */
export interface ProxyInfo {
  kind: 'eip1167' | 'eip1967' | 'eip1967-beacon' | 'eip1822';
  implementation: string;
  beacon: string | null;
}

/** The implementation an EIP-1167 minimal proxy's runtime code names; null for any other code. */
export function minimalProxyTarget(code: string): string | null {
  const m = /^(?:0x)?363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/i.exec(code.trim());
  return m ? `0x${(m[1] as string).toLowerCase()}` : null;
}

/** The address in a storage word (its low 20 bytes); null for an empty slot. */
export function addressInWord(word: unknown): string | null {
  if (typeof word !== 'string' || !/^0x[0-9a-f]*$/i.test(word)) return null;
  const hex = word.slice(2).padStart(64, '0').toLowerCase();
  const address = hex.slice(24);
  return /^0+$/.test(address) ? null : `0x${address}`;
}

/** Detects a proxy at an address (at `blockTag`); null when it is none of the kinds above. */
export async function detectProxy(rpc: RpcClient, address: string, blockTag = 'latest'): Promise<ProxyInfo | null> {
  const [code, implementationWord, beaconWord, uupsWord] = await Promise.all([
    rpc.call<string>('eth_getCode', [address, blockTag]),
    rpc.call<string>('eth_getStorageAt', [address, EIP1967_IMPLEMENTATION_SLOT, blockTag]),
    rpc.call<string>('eth_getStorageAt', [address, EIP1967_BEACON_SLOT, blockTag]),
    rpc.call<string>('eth_getStorageAt', [address, EIP1822_SLOT, blockTag]),
  ]);
  if (typeof code !== 'string' || code === '0x') return null;
  const minimal = minimalProxyTarget(code);
  if (minimal) return { kind: 'eip1167', implementation: minimal, beacon: null };
  const implementation = addressInWord(implementationWord);
  if (implementation) return { kind: 'eip1967', implementation, beacon: null };
  const beacon = addressInWord(beaconWord);
  if (beacon) {
    try {
      const answer = await rpc.call<string>('eth_call', [{ to: beacon, data: IMPLEMENTATION_SELECTOR }, blockTag]);
      const fromBeacon = addressInWord(answer);
      if (fromBeacon) return { kind: 'eip1967-beacon', implementation: fromBeacon, beacon };
    } catch {
      // A beacon that does not answer implementation(): not a usable proxy.
    }
  }
  const uups = addressInWord(uupsWord);
  return uups ? { kind: 'eip1822', implementation: uups, beacon: null } : null;
}
