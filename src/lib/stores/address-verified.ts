// The contract verification flag remembered in the browser: the server's answer wins and
// updates the stored flag; when the server check failed, the stored flag decides. Framework-free and tiny, so the
// address page's inline script can import it.

/** localStorage key holding 'true' for a contract seen verified. */
export function verifiedStorageKey(address: string): string {
  return `sto-explorer:verified:${address.toLowerCase()}`;
}

/** What the stored flag becomes after a server answer: set when verified, cleared when unverified, kept when the check failed. */
export function storedFlagAction(server: boolean | null): 'set' | 'clear' | 'keep' {
  return server === null ? 'keep' : server ? 'set' : 'clear';
}

/** The state to show: the server's answer, else the stored flag. */
export function resolveVerified(server: boolean | null, stored: boolean): boolean {
  return server ?? stored;
}

/** Applies a server answer to a storage and returns the state to show; storage failures (private mode) count as no flag. */
export function syncVerified(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null, address: string, server: boolean | null): boolean {
  const key = verifiedStorageKey(address);
  try {
    const action = storedFlagAction(server);
    if (action === 'set') storage?.setItem(key, 'true');
    if (action === 'clear') storage?.removeItem(key);
    return resolveVerified(server, storage?.getItem(key) === 'true');
  } catch {
    return server ?? false;
  }
}
