import { describe, expect, it } from 'vitest';
import { AdminAction, FilledLogin, LoginFields, UploadForm, uploadStatus } from '../../src/lib/server/admin/forms.ts';
import { checkForm, requestForm } from '../../src/lib/server/forms.ts';
import { ThemeForm } from '../../src/lib/server/theme-form.ts';

/** A form of text fields (repeated names allowed) and files. */
function form(fields: [string, string | File][]): FormData {
  const f = new FormData();
  for (const [name, value] of fields) f.append(name, value);
  return f;
}

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const png = (size: number): File => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });

describe('requestForm', () => {
  it('reads a form post, and answers null for a body that is no form', async () => {
    const post = (body: string, type: string) => new Request('http://site.test/x', { method: 'POST', body, headers: { 'content-type': type } });
    expect((await requestForm(post('theme=dark', 'application/x-www-form-urlencoded')))?.get('theme')).toBe('dark');
    expect(await requestForm(post('{"theme":"dark"}', 'application/json'))).toBeNull();
    expect(await requestForm(post('--x\r\nbroken', 'multipart/form-data; boundary=x'))).toBeNull();
  });
});

describe('POST /theme', () => {
  it.each<[string, [string, string][]]>([
    ['no theme', []],
    ['an unknown theme', [['theme', 'blue']]],
    ['a theme in capitals', [['theme', 'Dark']]],
  ])('refuses %s', (_name, fields) => {
    expect(checkForm(ThemeForm, form(fields))).toEqual({ ok: false, message: 'Unknown theme: choose system, light or dark' });
  });

  it.each<[string, [string, string][], { theme: string; return: string | null }]>([
    ['a choice and the page to go back to', [['theme', 'dark'], ['return', '/blocks?page=2']], { theme: 'dark', return: '/blocks?page=2' }],
    ['a choice without a page', [['theme', 'system']], { theme: 'system', return: null }],
    ['another site to go back to (dropped)', [['theme', 'light'], ['return', '//evil.test/']], { theme: 'light', return: null }],
    ['a name given twice (the first counts)', [['theme', 'light'], ['theme', 'blue']], { theme: 'light', return: null }],
  ])('reads %s', (_name, fields, value) => {
    expect(checkForm(ThemeForm, form(fields))).toEqual({ ok: true, value });
  });
});

describe('/token-admin forms', () => {
  it.each([['login'], ['logout'], ['upload']])('reads the action %s', (action) => {
    expect(checkForm(AdminAction, form([['action', action]]))).toEqual({ ok: true, value: { action } });
  });

  it.each<[string, [string, string][]]>([
    ['no action', []],
    ['an unknown action', [['action', 'delete']]],
  ])('refuses %s (the panel is shown again)', (_name, fields) => {
    expect(checkForm(AdminAction, form(fields)).ok).toBe(false);
  });

  it('reads a login as typed, cut to 200 and 1024 characters', () => {
    expect(checkForm(LoginFields, form([['username', ' root '], ['password', 'p'.repeat(2000)]]))).toEqual({ ok: true, value: { username: ' root ', password: 'p'.repeat(1024) } });
    expect(checkForm(LoginFields, form([['username', 'u'.repeat(300)]]))).toEqual({ ok: true, value: { username: 'u'.repeat(200), password: '' } });
  });

  it.each<[string, [string, string | File][]]>([
    ['no fields', []],
    ['a blank user name', [['username', '   '], ['password', 'secret']]],
    ['no password', [['username', 'root']]],
    ['files instead of text', [['username', png(1)], ['password', png(1)]]],
  ])('refuses a login with %s', (_name, fields) => {
    expect(checkForm(FilledLogin, form(fields))).toEqual({ ok: false, message: 'Please enter both a username and a password.' });
  });

  it('takes a login with both fields filled', () => {
    expect(checkForm(FilledLogin, { username: 'root', password: ' ' })).toEqual({ ok: true, value: { username: 'root', password: ' ' } });
  });

  it.each<[string, [string, string | File][], string, number]>([
    ['no token and no file', [], 'Please select a token and a logo file', 400],
    ['no file', [['token', TOKEN]], 'Please select a token and a logo file', 400],
    ['a malformed token', [['token', '0x12'], ['logo', png(10)]], 'Please select a token and a logo file', 400],
    ['text instead of a file', [['token', TOKEN], ['logo', 'logo.png']], 'Please select a token and a logo file', 400],
    ['an empty file', [['token', TOKEN], ['logo', png(0)]], 'Please select a token and a logo file', 400],
    ['a file past 200 KB', [['token', TOKEN], ['logo', png(204_801)]], 'File size should be less than 200KB', 413],
    // Several problems: the token first, as the upload has always checked.
    ['a malformed token and a large file', [['token', 'x'], ['logo', png(204_801)]], 'Please select a token and a logo file', 400],
  ])('refuses an upload with %s', (_name, fields, message, status) => {
    expect(checkForm(UploadForm, form(fields))).toEqual({ ok: false, message });
    expect(uploadStatus(message)).toBe(status);
  });

  it('reads an upload: the token lowercased, and the file of 200 KB at most', () => {
    const logo = png(204_800);
    const checked = checkForm(UploadForm, form([['token', TOKEN], ['logo', logo]]));
    expect(checked.ok && checked.value.token).toBe(TOKEN.toLowerCase());
    expect(checked.ok && checked.value.logo.size).toBe(204_800);
  });
});
