import * as z from 'zod';

// The parameters of the Etherscan-compatible /api: from the query and the body together (a form, as forge and Hardhat
// send it, or JSON), names lowercased; module=contract's actions are read by schemas with Etherscan's own messages.
// Every answer is HTTP 200, so these messages travel inside the {status, message, result} envelope (etherscan/core.ts).

/** Etherscan's licenseType numbers. */
const LICENSE_TYPES: Record<string, string> = {
  '1': 'None',
  '2': 'Unlicense',
  '3': 'MIT',
  '4': 'GPL-2.0',
  '5': 'GPL-3.0',
  '6': 'LGPL-2.1',
  '7': 'LGPL-3.0',
  '8': 'BSD-2-Clause',
  '9': 'BSD-3-Clause',
  '10': 'MPL-2.0',
  '11': 'OSL-3.0',
  '12': 'Apache-2.0',
  '13': 'AGPL-3.0',
  '14': 'BUSL-1.1',
};

const ADDRESS = /^0x[0-9a-f]{40}$/;

/**
 * The request's parameters by lowercased name, trimmed: a form's or a JSON body's text fields win over the query's
 * (each source's first value of a name, whatever its case: MetaMask sends `startBlock`, Etherscan documents `startblock`).
 */
export function etherscanParameters(query: URLSearchParams, body: unknown): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  const add = (name: string, value: string): void => {
    out[name.toLowerCase()] = value.trim();
  };
  const firsts = (params: URLSearchParams): [string, string][] =>
    [...params].filter(([name], i, all) => all.findIndex(([n]) => n.toLowerCase() === name.toLowerCase()) === i);
  for (const [name, value] of firsts(query)) add(name, value);
  if (body instanceof URLSearchParams) for (const [name, value] of firsts(body)) add(name, value);
  else if (typeof body === 'object' && body !== null) {
    for (const [name, value] of Object.entries(body)) if (typeof value === 'string') add(name, value);
  }
  return out;
}

/** A parameter ('' when absent). */
const param = z.string().optional().transform((v) => v ?? '');

/** A verification request in the shape POST /contracts/verify takes, from Etherscan's parameters. */
function verificationRequest(p: Record<string, string | undefined>): Record<string, unknown> {
  const get = (name: string): string => p[name.toLowerCase()] ?? '';
  const libraries: Record<string, string> = {};
  for (let i = 1; i <= 10; i++) {
    const name = get(`libraryname${i}`);
    const address = get(`libraryaddress${i}`);
    if (name && address) libraries[name] = address.startsWith('0x') ? address : `0x${address}`;
  }
  const license = get('licenseType');
  const optimization = get('optimizationUsed') || get('optimizationused');
  const evmVersion = get('evmversion');
  return {
    address: get('contractaddress') || get('address'),
    sourceCode: get('sourceCode') || get('sourcecode'),
    compilerVersion: get('compilerversion'),
    contractName: get('contractname'),
    ...(optimization !== '' ? { optimizationUsed: optimization === '1' || optimization === 'true' } : {}),
    ...(get('runs') !== '' ? { runs: get('runs') } : {}),
    constructorArguments: get('constructorArguements') || get('constructorArguments'),
    ...(evmVersion !== '' && evmVersion.toLowerCase() !== 'default' ? { evmVersion } : {}),
    license: LICENSE_TYPES[license] ?? (license || 'MIT'),
    libraries,
  };
}

/**
 * The action and its parameters: getabi and getsourcecode name an address; verifysourcecode carries a verification
 * request (its address checked here, the rest by the verifier's own schema once the address is known to hold code);
 * checkverifystatus names a job.
 */
export const EtherscanActionRequest = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.enum(['getabi', 'getsourcecode']),
      address: param.transform((a) => a.toLowerCase()).pipe(z.string().regex(ADDRESS, 'Invalid Address format')),
    }),
    z
      .looseObject({ action: z.literal('verifysourcecode') })
      .transform((p) => {
        const request = verificationRequest(p as Record<string, string | undefined>);
        return { action: p.action, address: String(request['address']).toLowerCase(), request };
      })
      .pipe(z.object({ action: z.literal('verifysourcecode'), address: z.string().regex(ADDRESS, 'Invalid contract address'), request: z.record(z.string(), z.unknown()) })),
    z.object({ action: z.literal('checkverifystatus'), guid: param }),
  ],
  { error: 'Error! Missing Or invalid Action name' },
);

/** A checked action. */
export type EtherscanActionRequest = z.output<typeof EtherscanActionRequest>;
