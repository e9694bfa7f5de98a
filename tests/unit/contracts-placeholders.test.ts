import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import PlaceholdersComponent from '../../src/components/contracts/ContractPlaceholders.astro';
import { loadVerification } from '../../src/lib/contracts/load.ts';

// Plain TypeScript cannot resolve .astro modules (`astro check` can), so type the import as what the container renders.
const Placeholders = PlaceholdersComponent as Parameters<AstroContainer['renderToString']>[0];

describe('placeholder views of a verified contract without source or ABI', () => {
  it.each([
    ['neither', false, false, true, true],
    ['source only', true, false, false, true],
    ['ABI only', false, true, true, false],
  ] as const)('%s', async (_name, hasSource, hasAbi, sourceMissing, abiMissing) => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(Placeholders, { props: { hasSource, hasAbi, refreshHref: '/address/0xabc?tab=contract' } });
    expect(html.includes('No source code available for this contract')).toBe(sourceMissing);
    expect(/<a href="\/address\/0xabc\?tab=contract"[^>]*>Refresh Page<\/a>/.test(html)).toBe(sourceMissing);
    expect(html.includes('ABI data is not available')).toBe(abiMissing);
  });

  it('the incomplete state says which part exists', async () => {
    const abi = [{ type: 'function', name: 'x', inputs: [], outputs: [], stateMutability: 'view', constant: false, anonymous: false }];
    const client = { getContractVerification: async () => null, getContractSource: async () => null, getContractAbi: async () => abi };
    expect(await loadVerification(client, '0x0000000000000000000000000000000000000001', true)).toEqual({ state: 'incomplete', hasSource: false, hasAbi: true });
  });
});
