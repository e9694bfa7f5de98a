import { describe, expect, it } from 'vitest';
import { kzgLibrary, recordedKzg, textBlob } from '../../devnet/kzg.ts';
import { BLOB_KZG, BLOB_TEXT } from '../../devnet/scenario/delegations.ts';

describe("the devnet's blob (EIP-4844)", () => {
  it('signs with the KZG commitment and proof its text really has', async () => {
    const kzg = await kzgLibrary();
    const blob = `0x${Buffer.from(textBlob(BLOB_TEXT)).toString('hex')}`;
    const commitment = kzg.blobToKzgCommitment(blob);
    expect(commitment).toBe(BLOB_KZG.commitment);
    expect(kzg.computeBlobProof(blob, commitment)).toBe(BLOB_KZG.proof);
  });

  it('keeps each field element below the modulus (first byte 0) and refuses another blob when recorded', () => {
    const blob = textBlob('x'.repeat(100));
    for (let i = 0; i < blob.length; i += 32) expect(blob[i]).toBe(0);
    const recorded = recordedKzg(textBlob(BLOB_TEXT), BLOB_KZG.commitment, BLOB_KZG.proof) as { blobToKzgCommitment(b: string): string };
    expect(() => recorded.blobToKzgCommitment(`0x${Buffer.from(blob).toString('hex')}`)).toThrow(/not the recorded blob/);
  });
});
