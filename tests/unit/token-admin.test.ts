// The token admin's server rules: password hashes, the login throttle's arithmetic, same-origin checks,
// client addresses behind a trusted proxy, the browser's file pre-check and the panel's search.
import { describe, expect, it } from 'vitest';
import { rowMatches } from '../../src/lib/admin/panel.ts';
import { checkLogin, hashPassword, parsePasswordHash, readCredentials, verifyPassword } from '../../src/lib/server/admin/credentials.ts';
import { parseSessionId, sessionCookieOptions, sessionHash } from '../../src/lib/server/admin/sessions.ts';
import { blockedUntil, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, retryText } from '../../src/lib/server/admin/throttle.ts';
import { clientAddress, isSameOrigin, siteOrigin } from '../../src/lib/server/request-checks.ts';
import { ADMIN_MESSAGES, formatKb, MAX_LOGO_BYTES, precheckLogoFile } from '../../src/lib/tokens/admin-messages.ts';
import { MAX_LOGO_BYTES as SERVER_MAX_LOGO_BYTES } from '../../common/logos/validate.ts';

describe('password hashes', () => {
  it('a hash verifies its password and nothing else', async () => {
    const stored = parsePasswordHash(await hashPassword('correct horse battery staple'));
    if (!stored) throw new Error('hash not parsed');
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('two hashes of one password differ (random salt) and have the documented form', async () => {
    const [a, b] = await Promise.all([hashPassword('same password!'), hashPassword('same password!')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['', 'empty'],
    ['bcrypt$10$abc', 'another scheme'],
    ['scrypt$1000$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA', 'N not a power of two'],
    ['scrypt$16384$8$1$c2Fs$aGFzaGhhc2hoYXNoaGFzaA', 'salt too short'],
    ['scrypt$16384$8$1$c2FsdHNhbHQ$aGFzaA', 'hash too short'],
    ['scrypt$99999999$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA', 'absurd cost'],
    ['scrypt$16384$x$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA', 'not a number'],
  ])('refuses %j (%s)', (text) => {
    expect(parsePasswordHash(text)).toBeNull();
  });
});

describe('credentials from the environment', () => {
  it('needs a user and a password or hash', async () => {
    expect(await readCredentials({})).toBe('not-configured');
    expect(await readCredentials({ TOKEN_ADMIN_USER: 'root' })).toBe('not-configured');
    expect(await readCredentials({ TOKEN_ADMIN_PASSWORD: 'secret-password' })).toBe('not-configured');
    expect(await readCredentials({ TOKEN_ADMIN_USER: 'root', TOKEN_ADMIN_PASSWORD_HASH: 'plain text' })).toBe('bad-hash');
  });

  it('the hash wins over a plain password, and a wrong user or password fails alike', async () => {
    const hash = await hashPassword('from the hash');
    const creds = await readCredentials({ TOKEN_ADMIN_USER: 'root', TOKEN_ADMIN_PASSWORD_HASH: hash, TOKEN_ADMIN_PASSWORD: 'plain' });
    if (typeof creds === 'string') throw new Error(creds);
    expect(await checkLogin(creds, 'root', 'from the hash')).toBe(true);
    expect(await checkLogin(creds, 'root', 'plain')).toBe(false);
    expect(await checkLogin(creds, 'Root', 'from the hash')).toBe(false);
    expect(await checkLogin(creds, 'nobody', 'from the hash')).toBe(false);
  });

  it('a plain development password is hashed and checked the same way', async () => {
    const creds = await readCredentials({ TOKEN_ADMIN_USER: 'dev', TOKEN_ADMIN_PASSWORD: 'dev password' });
    if (typeof creds === 'string') throw new Error(creds);
    expect(creds.hash.N).toBe(16384);
    expect(await checkLogin(creds, 'dev', 'dev password')).toBe(true);
    expect(await checkLogin(creds, 'dev', 'dev passwor')).toBe(false);
  });
});

describe('sessions', () => {
  it.each([
    ['A'.repeat(43), true],
    ['A'.repeat(42), false],
    ['A'.repeat(44), false],
    [`${'A'.repeat(42)}=`, false],
    [undefined, false],
  ])('%s is a session id: %s', (value, ok) => {
    expect(parseSessionId(value)).toBe(ok ? value : null);
  });

  it('the indexer gets only a hash of the id', () => {
    expect(sessionHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('the cookie is httpOnly, SameSite=Strict, scoped to the panel and Secure over https', () => {
    expect(sessionCookieOptions(true)).toEqual({ httpOnly: true, sameSite: 'strict', path: '/token-admin', secure: true });
    expect(sessionCookieOptions(false).secure).toBe(false);
  });
});

describe('login throttle: 5 failures in 15 minutes', () => {
  const now = 1_000_000_000;
  it.each([
    [{ failures: 0, oldest: null }, null],
    [{ failures: LOGIN_MAX_FAILURES - 1, oldest: now - 1000 }, null],
    [{ failures: LOGIN_MAX_FAILURES, oldest: now - 60_000 }, now - 60_000 + LOGIN_WINDOW_MS],
    [{ failures: 9, oldest: now - LOGIN_WINDOW_MS }, null],
  ])('%j → blocked until %s', (count, until) => {
    expect(blockedUntil(count, now)).toBe(until);
  });

  it.each([
    [now + 1, 'Try again in 1 minute.'],
    [now + 60_000, 'Try again in 1 minute.'],
    [now + 60_001, 'Try again in 2 minutes.'],
    [now + LOGIN_WINDOW_MS, 'Try again in 15 minutes.'],
  ])('retry at %s says %j', (until, text) => {
    expect(retryText(until, now)).toBe(text);
  });
});

describe('same-origin POSTs', () => {
  const site = 'https://explorer.example';
  const post = (headers: Record<string, string>) => new Request(`${site}/token-admin`, { method: 'POST', headers });
  it.each([
    [{ origin: site }, true],
    [{ origin: 'https://evil.example' }, false],
    [{ origin: 'null' }, false],
    [{ origin: `${site}.evil.example` }, false],
    [{ 'sec-fetch-site': 'same-origin' }, true],
    [{ 'sec-fetch-site': 'cross-site' }, false],
    [{ 'sec-fetch-site': 'same-site' }, false],
    [{}, false],
  ])('%j → %s', (headers, ok) => {
    expect(isSameOrigin(post(headers), site)).toBe(ok);
  });
});

describe('client address', () => {
  const req = (xff?: string) => new Request('http://site/', xff ? { headers: { 'x-forwarded-for': xff } } : {});
  it.each([
    ['no proxy trusted: the peer', req('203.0.113.9'), '127.0.0.1', '', '127.0.0.1'],
    ['a trusted loopback proxy: its last forwarded address', req('198.51.100.1, 203.0.113.9'), '127.0.0.1', 'loopback', '203.0.113.9'],
    ['IPv4-mapped loopback is loopback', req('203.0.113.9'), '::ffff:127.0.0.1', 'loopback', '203.0.113.9'],
    ['a peer outside the trusted range keeps its own address', req('203.0.113.9'), '192.0.2.5', 'loopback', '192.0.2.5'],
    ['private proxies', req('203.0.113.9'), '10.1.2.3', 'private', '203.0.113.9'],
    ['no header: the peer', req(), '127.0.0.1', 'loopback', '127.0.0.1'],
    // TRUST_PROXY is read as the indexer's INDEXER_TRUST_PROXY: CIDR ranges and addresses too.
    ['a proxy in a CIDR range', req('203.0.113.9'), '100.64.3.4', '100.64.0.0/10', '203.0.113.9'],
    ['a peer outside the CIDR range', req('203.0.113.9'), '100.128.0.1', '100.64.0.0/10', '100.128.0.1'],
    ['a forwarded value that is no address: the proxy', req('<script>'), '127.0.0.1', 'loopback', '127.0.0.1'],
    ['a setting that does not parse trusts no one', req('203.0.113.9'), '127.0.0.1', 'everyone', '127.0.0.1'],
  ])('%s', (_name, request, peer, setting, expected) => {
    expect(clientAddress(request, peer, setting)).toBe(expected);
  });
});

describe('the browser pre-check of a chosen logo', () => {
  it.each([
    [{ type: 'image/png', size: 1000, name: 'a.png' }, null],
    [{ type: 'image/svg+xml', size: MAX_LOGO_BYTES, name: 'a.svg' }, null],
    [{ type: 'image/png', size: MAX_LOGO_BYTES + 1, name: 'a.png' }, ADMIN_MESSAGES.tooLarge],
    [{ type: 'text/plain', size: 10, name: 'a.txt' }, ADMIN_MESSAGES.notImage],
    [{ type: 'application/pdf', size: 10, name: 'a.png' }, ADMIN_MESSAGES.notImage],
    [{ type: '', size: 10, name: 'logo.svg' }, null],
    [{ type: '', size: 10, name: 'logo' }, ADMIN_MESSAGES.notImage],
  ])('%j → %s', (file, message) => {
    expect(precheckLogoFile(file)).toBe(message);
  });

  it('keeps the spec texts and limit', () => {
    expect(MAX_LOGO_BYTES).toBe(204800);
    expect(SERVER_MAX_LOGO_BYTES).toBe(MAX_LOGO_BYTES);
    expect(ADMIN_MESSAGES.tooLarge).toBe('File size should be less than 200KB');
    expect(ADMIN_MESSAGES.missing).toBe('Please select a token and a logo file');
    expect(formatKb(12_595)).toBe('12.3 KB');
  });
});

describe('the panel search (case-insensitive substring of name, symbol or address)', () => {
  const row = { name: 'Sto Governance', symbol: 'SGOV', address: '0x5fbdb2315678afecb367f032d93f642f64180aa3' };
  it.each([
    ['', true],
    ['gov', true],
    ['  SGOV ', true],
    ['5FBDB', true],
    ['usd', false],
  ])('%j matches: %s', (q, ok) => {
    expect(rowMatches(row, q)).toBe(ok);
  });
});

describe('the site origin behind a proxy', () => {
  const url = new URL('http://10.0.0.5:4321/token-admin');
  const req = (headers: Record<string, string>) => new Request(url, { headers });
  it.each([
    ['no proxy trusted', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'explorer.example' }, '127.0.0.1', '', 'http://10.0.0.5:4321'],
    ['a trusted proxy ending TLS', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'explorer.example' }, '127.0.0.1', 'loopback', 'https://explorer.example'],
    ['a trusted proxy, only the scheme', { 'x-forwarded-proto': 'https' }, '127.0.0.1', 'loopback', 'https://10.0.0.5:4321'],
    ['a forwarded host that is not a host', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example/path' }, '127.0.0.1', 'loopback', 'https://10.0.0.5:4321'],
    ['an odd scheme', { 'x-forwarded-proto': 'javascript' }, '127.0.0.1', 'loopback', 'http://10.0.0.5:4321'],
  ])('%s', (_name, headers, peer, setting, expected) => {
    expect(siteOrigin(req(headers), url, peer, setting)).toBe(expected);
  });
});
