import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { ClientFailures, LoginFailure, LOGO_TOO_LARGE, LogoUpload, NewSession, SessionHash, SessionTouch } from '../../indexer/src/api/admin-requests.ts';
import { checkBody } from '../../indexer/src/http/body.ts';

const HASH = 'a'.repeat(64);
const NOT_AN_OBJECT = 'Request body must be a JSON object';

// Bodies that are no JSON object, as the server hands them to routes: nothing, unreadable JSON, a form, a list, null.
const notObjects: [string, unknown][] = [
  ['no body', undefined],
  ['unreadable JSON', Symbol('invalid JSON')],
  ['a form', new URLSearchParams('client=x&windowMs=1000')],
  ['a list', [{ client: 'x' }]],
  ['null', null],
  ['text', 'client=x'],
];

describe('admin request bodies', () => {
  it.each(notObjects)('refuses %s', (_name, body) => {
    for (const schema of [NewSession, SessionTouch, LoginFailure, ClientFailures, LogoUpload] as ZodType[]) {
      expect(checkBody(schema, body)).toEqual({ ok: false, message: NOT_AN_OBJECT });
    }
  });

  it.each<[string, unknown, string]>([
    ['a short session hash', { idHash: 'short', username: 'u', idleMs: 1000 }, 'Invalid session'],
    ['an upper-case session hash', { idHash: HASH.toUpperCase(), username: 'u', idleMs: 1000 }, 'Invalid session'],
    ['no session hash', { username: 'u', idleMs: 1000 }, 'Invalid session'],
    ['an empty user name', { idHash: HASH, username: '', idleMs: 1000 }, 'Invalid username'],
    ['a user name past 200 characters', { idHash: HASH, username: 'u'.repeat(201), idleMs: 1000 }, 'Invalid username'],
    ['a user name that is a number', { idHash: HASH, username: 7, idleMs: 1000 }, 'Invalid username'],
    ['no idle time', { idHash: HASH, username: 'u' }, 'Invalid idleMs'],
    ['an idle time of 0', { idHash: HASH, username: 'u', idleMs: 0 }, 'Invalid idleMs'],
    ['an idle time past a day', { idHash: HASH, username: 'u', idleMs: 86_400_001 }, 'Invalid idleMs'],
    ['a fractional idle time', { idHash: HASH, username: 'u', idleMs: 1.5 }, 'Invalid idleMs'],
    ['an idle time that is no number', { idHash: HASH, username: 'u', idleMs: 'soon' }, 'Invalid idleMs'],
    // Several problems: the first in the order the route has always checked them.
    ['everything wrong', { idHash: 1, username: '', idleMs: -1 }, 'Invalid session'],
    ['a bad user name and idle time', { idHash: HASH, username: '', idleMs: -1 }, 'Invalid username'],
  ])('a new session with %s is refused', (_name, body, message) => {
    expect(checkBody(NewSession, body)).toEqual({ ok: false, message });
  });

  it('reads a new session, the idle time also as text', () => {
    expect(checkBody(NewSession, { idHash: HASH, username: 'root', idleMs: 60_000 })).toEqual({ ok: true, value: { idHash: HASH, username: 'root', idleMs: 60_000 } });
    expect(checkBody(NewSession, { idHash: HASH, username: 'root', idleMs: '86400000' })).toEqual({ ok: true, value: { idHash: HASH, username: 'root', idleMs: 86_400_000 } });
  });

  it('reads a session hash on its own (the path of touch and end)', () => {
    expect(checkBody(SessionHash, HASH)).toEqual({ ok: true, value: HASH });
    expect(checkBody(SessionHash, undefined)).toEqual({ ok: false, message: 'Invalid session' });
    expect(checkBody(SessionHash, `${HASH}0`)).toEqual({ ok: false, message: 'Invalid session' });
  });

  it('reads a touch: the idle time only', () => {
    expect(checkBody(SessionTouch, { idleMs: 1000 })).toEqual({ ok: true, value: { idleMs: 1000 } });
    expect(checkBody(SessionTouch, {})).toEqual({ ok: false, message: 'Invalid idleMs' });
  });

  it.each<[string, unknown, string]>([
    ['no client', { windowMs: 1000 }, 'Invalid client'],
    ['an empty client', { client: '', windowMs: 1000 }, 'Invalid client'],
    ['a client past 100 characters', { client: 'c'.repeat(101), windowMs: 1000 }, 'Invalid client'],
    ['no window', { client: '192.0.2.1' }, 'Invalid windowMs'],
    ['a window as empty text (a query without it)', { client: '192.0.2.1', windowMs: '' }, 'Invalid windowMs'],
    ['a missing query window', { client: '192.0.2.1', windowMs: null }, 'Invalid windowMs'],
    ['no client and no window', {}, 'Invalid client'],
  ])('a failed login with %s is refused', (_name, body, message) => {
    expect(checkBody(LoginFailure, body)).toEqual({ ok: false, message });
  });

  it('reads a failed login, and a client whose failures are cleared', () => {
    expect(checkBody(LoginFailure, { client: '192.0.2.1', windowMs: '60000' })).toEqual({ ok: true, value: { client: '192.0.2.1', windowMs: 60_000 } });
    expect(checkBody(ClientFailures, { client: '192.0.2.1' })).toEqual({ ok: true, value: { client: '192.0.2.1' } });
    expect(checkBody(ClientFailures, { client: '' })).toEqual({ ok: false, message: 'Invalid client' });
  });

  it.each<[string, unknown, string]>([
    ['no data', {}, 'Invalid data'],
    ['data that is no text', { data: 12 }, 'Invalid data'],
    ['data that is not base64', { data: '%%%' }, 'Invalid data'],
    ['base64 past the largest logo', { data: 'A'.repeat(Math.ceil(204_800 / 3) * 4 + 4) }, LOGO_TOO_LARGE],
    ['text past the largest logo that is not base64 either', { data: '%'.repeat(300_000) }, 'Invalid data'],
  ])('a logo upload with %s is refused', (_name, body, message) => {
    expect(checkBody(LogoUpload, body)).toEqual({ ok: false, message });
  });

  it('reads a logo upload: the bytes, and who uploaded it (admin when not said, 200 characters at most)', () => {
    const bytes = new Uint8Array([137, 80, 78, 71]);
    const data = Buffer.from(bytes).toString('base64');
    expect(checkBody(LogoUpload, { data, uploadedBy: 'root' })).toEqual({ ok: true, value: { data: bytes, uploadedBy: 'root' } });
    expect(checkBody(LogoUpload, { data })).toEqual({ ok: true, value: { data: bytes, uploadedBy: 'admin' } });
    expect(checkBody(LogoUpload, { data, uploadedBy: 'r'.repeat(300) })).toMatchObject({ value: { uploadedBy: 'r'.repeat(200) } });
  });
});
