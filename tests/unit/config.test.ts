import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/lib/server/config.ts';
import { siteSettingsFrom } from '../../src/lib/server/settings.ts';

describe('readConfig', () => {
  it('defaults the indexer to the bundled one on loopback and the public URL to it', () => {
    const c = readConfig(siteSettingsFrom({}));
    expect(c.indexerUrl).toBe('http://127.0.0.1:3300');
    expect(c.publicIndexerUrl).toBe('http://127.0.0.1:3300');
  });
  it.each([
    [{ INDEXER_URL: 'http://idx:9000/' }, 'http://idx:9000', 'http://idx:9000'],
    [{ INDEXER_URL: 'http://idx:9000', PUBLIC_INDEXER_URL: 'https://api.example.org/v1/' }, 'http://idx:9000', 'https://api.example.org/v1'],
    [{ INDEXER_URL: '  ', PUBLIC_INDEXER_URL: '' }, 'http://127.0.0.1:3300', 'http://127.0.0.1:3300'],
  ])('%o gives server %s and public %s', (env, server, pub) => {
    const c = readConfig(siteSettingsFrom(env));
    expect(c.indexerUrl).toBe(server);
    expect(c.publicIndexerUrl).toBe(pub);
  });
  it('takes the external links from the environment', () => {
    const c = readConfig(siteSettingsFrom({ DAPP_URL: 'https://dapp.test', CONTACT_EMAIL: 'a@b.c' }));
    expect(c.links.dapp).toBe('https://dapp.test');
    expect(c.links.contactEmail).toBe('a@b.c');
    expect(c.links.apiDocs).toBe('http://127.0.0.1:3300/openapi.json');
  });
});
