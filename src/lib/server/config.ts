import { DEFAULT_IPFS_GATEWAY } from '../nfts/image.ts';
import type { ExternalLinks } from '../url/links.ts';

/** Server-side configuration, read from the environment at request time so one build serves any deployment. */
export interface SiteConfig {
  /** Indexer base URL the server uses. */
  indexerUrl: string;
  /** Indexer base URL browsers use (handed to islands as a prop). */
  publicIndexerUrl: string;
  links: ExternalLinks;
}

const DEFAULT_INDEXER_URL = 'http://127.0.0.1:3300';

/** Drops trailing slashes so paths can be appended with a leading one. */
function baseUrl(value: string): string {
  return value.replace(/\/+$/, '');
}

/** Reads the configuration from an environment map (process.env by default). */
export function readConfig(env: Record<string, string | undefined> = process.env): SiteConfig {
  const pick = (name: string, fallback: string): string => {
    const value = env[name]?.trim();
    return value ? value : fallback;
  };
  const indexerUrl = baseUrl(pick('INDEXER_URL', DEFAULT_INDEXER_URL));
  return {
    indexerUrl,
    publicIndexerUrl: baseUrl(pick('PUBLIC_INDEXER_URL', indexerUrl)),
    links: {
      dapp: pick('DAPP_URL', 'https://app.sto.network'),
      apiDocs: pick('API_DOCS_URL', `${indexerUrl}/openapi.json`),
      developers: pick('DEVELOPERS_URL', 'https://docs.sto.network'),
      codeHost: pick('CODE_HOST_URL', 'https://github.com/sto-network'),
      microblog: pick('MICROBLOG_URL', 'https://x.com/sto_network'),
      chat: pick('CHAT_URL', 'https://discord.gg/sto-network'),
      contactEmail: pick('CONTACT_EMAIL', 'contact@sto.network'),
    },
  };
}

/** The IPFS gateway from the environment (IPFS_GATEWAY, http(s) only), with a trailing slash; the default otherwise. */
export function readIpfsGateway(env: Record<string, string | undefined> = process.env): string {
  const value = env['IPFS_GATEWAY']?.trim() ?? '';
  if (!/^https?:\/\/\S+$/i.test(value)) return DEFAULT_IPFS_GATEWAY;
  try {
    const href = new URL(value).href;
    return href.endsWith('/') ? href : `${href}/`;
  } catch {
    return DEFAULT_IPFS_GATEWAY;
  }
}
