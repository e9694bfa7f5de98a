import type { ExternalLinks } from '../url/links.ts';
import { siteSettings, type SiteSettings } from './settings.ts';

/** What the pages need of the settings (src/lib/server/settings.ts), as they use it: URLs without trailing slashes. */
export interface SiteConfig {
  /** Indexer base URL the server uses. */
  indexerUrl: string;
  /** Indexer base URL browsers use (handed to islands as a prop). */
  publicIndexerUrl: string;
  links: ExternalLinks;
}

/** Drops trailing slashes so paths can be appended with a leading one. */
function baseUrl(value: string): string {
  return value.replace(/\/+$/, '');
}

/**
 * The pages' configuration, from the process's settings (or the ones given). Settings are frozen once parsed, so each
 * is turned into its configuration once: pages read it several times per render.
 */
export function readConfig(settings: SiteSettings = siteSettings()): SiteConfig {
  let config = configs.get(settings);
  if (!config) configs.set(settings, (config = Object.freeze(configOf(settings))));
  return config;
}

const configs = new WeakMap<SiteSettings, SiteConfig>();

function configOf(settings: SiteSettings): SiteConfig {
  const indexerUrl = baseUrl(settings.INDEXER_URL);
  return {
    indexerUrl,
    publicIndexerUrl: baseUrl(settings.PUBLIC_INDEXER_URL ?? indexerUrl),
    links: Object.freeze({
      dapp: settings.DAPP_URL,
      apiDocs: settings.API_DOCS_URL ?? `${indexerUrl}/openapi.json`,
      developers: settings.DEVELOPERS_URL,
      codeHost: settings.CODE_HOST_URL,
      microblog: settings.MICROBLOG_URL,
      chat: settings.CHAT_URL,
      contactEmail: settings.CONTACT_EMAIL,
    }),
  };
}

/** The IPFS gateway (IPFS_GATEWAY, an http(s) URL checked at start), with a trailing slash. */
export function readIpfsGateway(settings: Pick<SiteSettings, 'IPFS_GATEWAY'> = siteSettings()): string {
  const href = new URL(settings.IPFS_GATEWAY).href;
  return href.endsWith('/') ? href : `${href}/`;
}
