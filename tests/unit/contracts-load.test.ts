import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES, loadVerification } from '../../src/lib/contracts/load.ts';
import type { AbiEntry, ContractSource } from '../../src/lib/model/types.ts';

const ADDRESS = '0x0165878A594ca255338adfa4d48449f69242Eb8F';
const ABI: AbiEntry[] = [{ type: 'function', name: 'getValue', inputs: [], outputs: [{ name: '', type: 'uint256' }], stateMutability: 'view', constant: false, anonymous: false }];
const SOURCE = { contractName: 'Playground', sourceCode: 'contract Playground {}', abi: ABI } as ContractSource;

type Part<T> = T | null | Error;
function client(parts: { verification?: Part<ContractSource>; source?: Part<ContractSource>; abi?: Part<AbiEntry[]> }) {
  const answer = <T,>(part: Part<T> | undefined) => async (): Promise<T | null> => {
    if (part instanceof Error) throw part;
    return part ?? null;
  };
  return { getContractVerification: answer(parts.verification), getContractSource: answer(parts.source), getContractAbi: answer(parts.abi) };
}

describe('the Contract tab state', () => {
  it.each([
    ['verified with source and ABI', true, { verification: SOURCE }, 'verified'],
    ['verified, source from /source and ABI from /abi', true, { source: { ...SOURCE, abi: null }, abi: ABI }, 'verified'],
    ['flag says unverified: nothing is read', false, { verification: SOURCE }, 'unverified'],
    ['flag set, neither source nor ABI', true, {}, 'inconsistent'],
    ['flag set, reads failing', true, { verification: new Error('down'), source: new Error('down'), abi: new Error('down') }, 'inconsistent'],
    ['flag set, source without ABI', true, { source: { ...SOURCE, abi: null } }, 'incomplete'],
    ['flag set, ABI without source', true, { abi: ABI }, 'incomplete'],
    ['flag unknown, nothing there', null, {}, 'unverified'],
    ['flag unknown, source and ABI there', null, { verification: SOURCE }, 'verified'],
  ] as const)('%s → %s', async (_name, flag, parts, state) => {
    expect((await loadVerification(client(parts), ADDRESS, flag)).state).toBe(state);
  });

  it('the spec texts of the two broken states', () => {
    expect(CONTRACT_MESSAGES.inconsistent).toBe('Contract verification status is inconsistent. The contract is marked as verified, but source code and ABI are not available.');
    expect(CONTRACT_MESSAGES.incomplete).toBe('Contract verification is incomplete. Both source code and ABI are required for a contract to be considered verified.');
  });
});
