import { HDNodeWallet, Wallet, keccak256, toUtf8Bytes } from 'ethers';

/** Anvil's default mnemonic: its first ten accounts are funded with 10,000 STO each at genesis. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

let devCache: Wallet[] | null = null;

/** The ten funded anvil accounts (index 0 deploys the scenario's contracts); live activity never sends from them. */
export function devWallets(): Wallet[] {
  if (!devCache) {
    // Derive the parent once: fromPhrase runs PBKDF2 every time it is called.
    const parent = HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, "m/44'/60'/0'/0");
    devCache = Array.from({ length: 10 }, (_, i) => new Wallet(parent.deriveChild(i).privateKey));
  }
  return devCache;
}

function labelledWallet(label: string): Wallet {
  return new Wallet(keccak256(toUtf8Bytes(label)));
}

const holderCache = new Map<number, Wallet>();

/** Deterministic extra accounts (private key = keccak256("sto-devnet-holder-<i>")). */
export function holderWallets(count: number): Wallet[] {
  return Array.from({ length: count }, (_, i) => {
    let w = holderCache.get(i);
    if (!w) {
      w = labelledWallet(`sto-devnet-holder-${i}`);
      holderCache.set(i, w);
    }
    return w;
  });
}

/** Number of extra holder accounts the scenario funds at a given scale (60 at scale 1). */
export function holderCount(scale: number): number {
  return Math.min(2_000, Math.round(60 * Math.sqrt(Math.max(1, scale))));
}

/** The four block producers the devnet rotates through (key = keccak256("sto-devnet-validator-<i>")). */
export function validatorAddresses(): string[] {
  return [0, 1, 2, 3].map((i) => labelledWallet(`sto-devnet-validator-${i}`).address);
}
