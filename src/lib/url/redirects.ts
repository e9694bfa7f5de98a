/** Permanent redirect aliases of both spec route tables, answered by the server. */
export const redirects = {
  '/block/[n]': { status: 301, destination: '/blocks/[n]' },
  '/b/[n]': { status: 301, destination: '/blocks/[n]' },
  '/tx/[hash]': { status: 301, destination: '/transactions/[hash]' },
  '/transaction/[hash]': { status: 301, destination: '/transactions/[hash]' },
  '/a/[address]': { status: 301, destination: '/address/[address]' },
  '/accounts/[address]': { status: 301, destination: '/address/[address]' },
  '/token/[address]': { status: 301, destination: '/tokens/[address]' },
  '/t/[address]': { status: 301, destination: '/tokens/[address]' },
  '/nft/[address]/[id]': { status: 301, destination: '/nfts/[address]/[id]' },
  '/contract/[address]': { status: 301, destination: '/contracts/[address]' },
  '/c/[address]': { status: 301, destination: '/contracts/[address]' },
} as const;
