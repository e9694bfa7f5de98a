// The IPFS gateway both servers use for ipfs:// URIs unless IPFS_GATEWAY says otherwise: the indexer to fetch NFT
// metadata (indexer/src/metadata/uri.ts), the site and its browser code to show images (src/lib/nfts/image.ts), and
// the settings' default (common/settings.ts). A module of its own, so that browser code takes the text, not the schema.

/** Default public gateway for ipfs:// URIs. */
export const DEFAULT_IPFS_GATEWAY = 'https://ipfs.io/ipfs/';
