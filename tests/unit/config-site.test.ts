// The site server's configuration checked at start (src/lib/server/settings.ts): for each variable, good values
// accepted and bad ones refused with the exact message naming it and the accepted forms; all problems together.
import { describe, expect, it } from 'vitest';
import { installSiteSettings, siteConfigProblems, siteSettings, siteSettingsFrom } from '../../src/lib/server/settings.ts';

// A hash `npm run admin:hash` prints (scrypt, N=16384, r=8, p=1).
const GOOD_HASH = `scrypt$16384$8$1$${Buffer.alloc(16, 1).toString('base64url')}$${Buffer.alloc(32, 2).toString('base64url')}`;

describe('good values are accepted', () => {
  it.each([
    [{ INDEXER_URL: 'http://indexer:3300' }],
    [{ PUBLIC_INDEXER_URL: 'https://api.explorer.example.org/' }],
    [{ HOST: '0.0.0.0' }],
    [{ PORT: '8080' }],
    [{ IPFS_GATEWAY: 'https://ipfs.io/ipfs/' }],
    [{ HTTP_COMPRESSION: 'false' }],
    [{ ASTRO_KEY: Buffer.alloc(32, 7).toString('base64') }],
    [{ ASTRO_KEY: Buffer.alloc(16, 7).toString('base64') }],
    [{ CSV_EXPORT_MAX_ROWS: '5000' }],
    [{ MARKET_DATA_API_KEY: 'b54bcf4d-1bca-4e8e-9a24-22ff2c3d462c' }],
    [{ TOKEN_ADMIN_USER: 'admin', TOKEN_ADMIN_PASSWORD_HASH: GOOD_HASH }],
    [{ TOKEN_ADMIN_USER: 'admin', TOKEN_ADMIN_PASSWORD: 'correct horse battery staple' }],
    [{ TOKEN_ADMIN_USER: 'admin' }],
    [{ INDEXER_ADMIN_TOKEN: 'Zm9vYmFy-_' }],
    [{ TRUST_PROXY: 'loopback' }],
    [{ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }],
    [{ DAPP_URL: 'https://app.example.org' }],
    [{ API_DOCS_URL: 'https://docs.example.org/api' }],
    [{ DEVELOPERS_URL: 'https://docs.example.org' }],
    [{ CODE_HOST_URL: 'https://github.com/example', MICROBLOG_URL: 'https://x.com/example', CHAT_URL: 'https://discord.gg/example' }],
    [{ CONTACT_EMAIL: 'ops@example.org' }],
    [{ LOG_LEVEL: 'warn', LOG_FORMAT: 'pretty' }],
    [{ METRICS_TOKEN: 'scrape' }],
    [{ SHUTDOWN_TIMEOUT_MS: '30000' }],
    [{}],
  ])('%j', (env) => {
    expect(siteConfigProblems(env)).toEqual([]);
  });
});

describe('bad values are refused with a message naming the variable and the accepted forms', () => {
  it.each([
    [{ INDEXER_URL: 'indexer:3300' }, 'INDEXER_URL must be an http:// or https:// URL, got "indexer:3300"'],
    [{ PUBLIC_INDEXER_URL: 'ws://api' }, 'PUBLIC_INDEXER_URL must be an http:// or https:// URL, got "ws://api"'],
    [{ HOST: 'a b' }, 'HOST must be a host name or an IP address to listen on (such as 127.0.0.1, 0.0.0.0 or ::), got "a b"'],
    [{ PORT: 'http' }, 'PORT must be a port number (0-65535), got "http"'],
    [{ IPFS_GATEWAY: 'gateway' }, 'IPFS_GATEWAY must be an http:// or https:// URL, got "gateway"'],
    [{ HTTP_COMPRESSION: 'gzip' }, 'HTTP_COMPRESSION must be 1 (compress) or 0 (do not; also off, false, no), got "gzip"'],
    [{ ASTRO_KEY: 'not a key' }, 'ASTRO_KEY must be a base64 AES key of 16, 24 or 32 bytes, as `npx astro create-key` prints; the value set is not repeated here'],
    [{ ASTRO_KEY: Buffer.alloc(20).toString('base64') }, 'ASTRO_KEY must be a base64 AES key of 16, 24 or 32 bytes, as `npx astro create-key` prints; the value set is not repeated here'],
    [{ CSV_EXPORT_MAX_ROWS: '0' }, 'CSV_EXPORT_MAX_ROWS must be a whole number from 1 to 999999999, got "0"'],
    [{ CSV_EXPORT_MAX_ROWS: '1e5' }, 'CSV_EXPORT_MAX_ROWS must be a whole number from 1 to 999999999, got "1e5"'],
    [{ MARKET_DATA_API_KEY: 'key with spaces' }, 'MARKET_DATA_API_KEY must be visible ASCII characters without spaces (it is sent in an HTTP header); the value set is not repeated here'],
    [{ TOKEN_ADMIN_USER: 'admin', TOKEN_ADMIN_PASSWORD_HASH: 'hunter2' }, 'TOKEN_ADMIN_PASSWORD_HASH must be a hash printed by `npm run admin:hash` (scrypt$N$r$p$salt$hash); the value set is not repeated here'],
    [{ TOKEN_ADMIN_PASSWORD_HASH: GOOD_HASH }, 'TOKEN_ADMIN_USER must be set when TOKEN_ADMIN_PASSWORD_HASH or TOKEN_ADMIN_PASSWORD is (the admin logs in with both)'],
    [{ TOKEN_ADMIN_PASSWORD: 'x' }, 'TOKEN_ADMIN_USER must be set when TOKEN_ADMIN_PASSWORD_HASH or TOKEN_ADMIN_PASSWORD is (the admin logs in with both)'],
    [{ INDEXER_ADMIN_TOKEN: 'é' }, 'INDEXER_ADMIN_TOKEN must be visible ASCII characters without spaces (it is sent in an HTTP header); the value set is not repeated here'],
    [{ DAPP_URL: 'app.example.org' }, 'DAPP_URL must be an http:// or https:// URL, got "app.example.org"'],
    [{ API_DOCS_URL: '/openapi.json' }, 'API_DOCS_URL must be an http:// or https:// URL, got "/openapi.json"'],
    [{ DEVELOPERS_URL: 'docs' }, 'DEVELOPERS_URL must be an http:// or https:// URL, got "docs"'],
    [{ CODE_HOST_URL: 'github' }, 'CODE_HOST_URL must be an http:// or https:// URL, got "github"'],
    [{ MICROBLOG_URL: 'x' }, 'MICROBLOG_URL must be an http:// or https:// URL, got "x"'],
    [{ CHAT_URL: 'discord' }, 'CHAT_URL must be an http:// or https:// URL, got "discord"'],
    [{ CONTACT_EMAIL: 'contact' }, 'CONTACT_EMAIL must be an email address (name@example.org), got "contact"'],
    [{ LOG_LEVEL: 'all' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "all"'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT must be one of auto, json, pretty, got "xml"'],
    [{ METRICS_TOKEN: 'a b' }, 'METRICS_TOKEN must be visible ASCII characters without spaces (it is sent in an HTTP header); the value set is not repeated here'],
    [{ SHUTDOWN_TIMEOUT_MS: '700000' }, 'SHUTDOWN_TIMEOUT_MS must be a whole number from 100 to 600000, got "700000"'],
  ])('%j', (env, message) => {
    expect(siteConfigProblems(env)).toEqual([message]);
  });

  it('TRUST_PROXY names the variable, the item and the accepted forms', () => {
    const [problem, ...rest] = siteConfigProblems({ TRUST_PROXY: 'loopback,proxy.internal' });
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^TRUST_PROXY: .*proxy\.internal.*\(accepted: loopback, private, none, addresses and CIDR ranges, comma-separated\)$/);
  });

  it('names the missing user also when the hash is bad', () => {
    expect(siteConfigProblems({ TOKEN_ADMIN_PASSWORD_HASH: 'hunter2' })).toEqual([
      'TOKEN_ADMIN_USER must be set when TOKEN_ADMIN_PASSWORD_HASH or TOKEN_ADMIN_PASSWORD is (the admin logs in with both)',
      'TOKEN_ADMIN_PASSWORD_HASH must be a hash printed by `npm run admin:hash` (scrypt$N$r$p$salt$hash); the value set is not repeated here',
    ]);
  });

  it('lists every problem together', () => {
    expect(siteConfigProblems({ PORT: '99999', INDEXER_URL: 'x', LOG_FORMAT: 'xml' })).toEqual([
      'INDEXER_URL must be an http:// or https:// URL, got "x"',
      'PORT must be a port number (0-65535), got "99999"',
      'LOG_FORMAT must be one of auto, json, pretty, got "xml"',
    ]);
  });

  it('never repeats a secret in a message', () => {
    const text = siteConfigProblems({ ASTRO_KEY: 'hunter2', TOKEN_ADMIN_USER: 'a', TOKEN_ADMIN_PASSWORD_HASH: 'hunter2', INDEXER_ADMIN_TOKEN: 'hunter2 ', MARKET_DATA_API_KEY: 'hunter 2' }).join('\n');
    expect(text).not.toMatch(/hunter/);
  });
});

describe("the process's settings (siteSettings)", () => {
  it('are the ones installed at start, frozen, until they are put back', () => {
    const installed = siteSettingsFrom({ PORT: '8080', CSV_EXPORT_MAX_ROWS: '7' });
    expect(Object.isFrozen(installed)).toBe(true);
    const restore = installSiteSettings(installed);
    try {
      expect(siteSettings()).toBe(installed);
      expect([siteSettings().PORT, siteSettings().CSV_EXPORT_MAX_ROWS]).toEqual([8080, 7]);
    } finally {
      restore();
    }
    expect(siteSettings()).not.toBe(installed);
  });

  it('are parsed from the environment once when none were installed (astro dev, tests), and shared by every copy of the module', () => {
    const first = siteSettings();
    expect(siteSettings()).toBe(first);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('sto-explorer.site-settings')]).toBe(first);
  });

  it('refuse a bad environment with every problem', () => {
    expect(() => siteSettingsFrom({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(
      'site: the configuration has 2 problems: PORT must be a port number (0-65535), got "x"; LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    );
  });
});
