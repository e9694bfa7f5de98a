// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TokenAdmin from '../../src/islands/TokenAdmin.tsx';
import type { AdminPanelProps, AdminRow } from '../../src/lib/admin/types.ts';
import { ADMIN_MESSAGES, MAX_LOGO_BYTES, UPLOAD_SUCCESS_RESET_MS } from '../../src/lib/tokens/admin-messages.ts';

// The token admin island in a DOM: the spec's upload states and texts, the preview,
// drag and drop, the checks made before any request, the token list's fetch error, and hostile names as text. The
// network is a stub here only; the end-to-end spec drives the real server.

// The site marks hashes, numbers and states with data-test (as the end-to-end tests read them).
configure({ testIdAttribute: 'data-test' });

const ADDRESS = '0x00000000000000000000000000000000000000a1';
const LOGO = `/token-logos/${ADDRESS}.png?v=0123456789abcdef`;

const row = (over: Partial<AdminRow> = {}): AdminRow => ({
  address: ADDRESS,
  name: 'Sto Governance',
  symbol: 'SGOV',
  decimals: 18,
  verified: true,
  logo: null,
  initials: 'SG',
  ...over,
});

const panel = (over: Partial<AdminPanelProps> = {}): AdminPanelProps => ({ kind: 'panel', rows: [row()], q: '', selected: ADDRESS, upload: null, ...over });

const png = (size = 1000, name = 'logo.png', type = 'image/png') => new File([new Uint8Array(size)], name, { type });

/** A fetch whose answer the test gives when it wants (so 'uploading' can be seen). */
function deferredFetch() {
  let answer: (value: Response) => void = () => undefined;
  let fail: (reason: unknown) => void = () => undefined;
  const fetch = vi.fn(() => new Promise<Response>((resolve, reject) => ((answer = resolve), (fail = reject))));
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    answer: (status: number, body: unknown) => act(async () => answer(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))),
    fail: () => act(async () => fail(new TypeError('Failed to fetch'))),
  };
}

const form = () => document.querySelector<HTMLFormElement>('[data-admin-upload]')!;
const status = () => screen.getByTestId('admin-upload-status');
const fileInput = () => document.querySelector<HTMLInputElement>('#admin-logo-file')!;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const submit = () => act(async () => void fireEvent.submit(form()));

let urls: string[];
let createUrl: ReturnType<typeof vi.fn<(blob: Blob) => string>>;
let revokeUrl: ReturnType<typeof vi.fn<(url: string) => void>>;
beforeEach(() => {
  urls = [];
  let n = 0;
  // jsdom has no object URLs: count the ones made and revoked.
  createUrl = vi.fn(() => {
    const url = `blob:preview-${(n += 1)}`;
    urls.push(url);
    return url;
  });
  revokeUrl = vi.fn();
  URL.createObjectURL = createUrl;
  URL.revokeObjectURL = revokeUrl;
  window.history.replaceState(null, '', '/token-admin');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('upload states (idle, uploading, success resetting after 3 s, error)', () => {
  it.each([
    ['stored', 200, { ok: true, message: 'Logo uploaded successfully', logoUrl: LOGO }, 'success', 'Logo uploaded successfully'],
    ['refused by content', 415, { ok: false, message: ADMIN_MESSAGES.notImage }, 'error', 'Please select an image file'],
    ['too large for the server', 413, { ok: false, message: ADMIN_MESSAGES.tooLarge }, 'error', 'File size should be less than 200KB'],
    ['the indexer failed', 502, { ok: false, message: ADMIN_MESSAGES.uploadFailed }, 'error', 'Failed to upload logo. Please try again.'],
    ['an answer that is not JSON', 500, null, 'error', 'Failed to upload logo. Please try again.'],
  ])('%s: idle → uploading → %s with "%s"', async (_name, code, body, state, text) => {
    vi.useFakeTimers();
    const net = deferredFetch();
    render(<TokenAdmin view={panel()} />);
    expect(form().dataset['state']).toBe('idle');
    expect(status().textContent).toBe('');
    choose(png());
    await submit();
    expect(form().dataset['state']).toBe('uploading');
    expect(status().textContent).toBe('Uploading…');
    expect(screen.getByTestId('admin-upload')).toHaveProperty('disabled', true);
    const sent = net.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(sent[0]).toBe('/token-admin');
    expect(sent[1].method).toBe('POST');
    expect(new Headers(sent[1].headers).get('accept')).toBe('application/json');
    const data = sent[1].body as FormData;
    expect([data.get('action'), data.get('token'), (data.get('logo') as File).name]).toEqual(['upload', ADDRESS, 'logo.png']);
    await net.answer(code, body);
    expect(form().dataset['state']).toBe(state);
    expect(status().textContent).toBe(text);
    // Only a success resets, after exactly 3 s.
    await act(async () => void vi.advanceTimersByTime(UPLOAD_SUCCESS_RESET_MS - 1));
    expect(form().dataset['state']).toBe(state);
    await act(async () => void vi.advanceTimersByTime(1));
    expect(form().dataset['state']).toBe(state === 'success' ? 'idle' : 'error');
    expect(status().textContent).toBe(state === 'success' ? '' : text);
  });

  it('a network failure is the spec\'s upload failure', async () => {
    const net = deferredFetch();
    render(<TokenAdmin view={panel()} />);
    choose(png());
    await submit();
    await net.fail();
    expect(form().dataset['state']).toBe('error');
    expect(status().textContent).toBe('Failed to upload logo. Please try again.');
  });

  it('a stored logo replaces the initials in the list and the details; a logo URL off the site is ignored', async () => {
    for (const [logoUrl, shown] of [[LOGO, LOGO], ['https://evil.example/x.png', null]] as const) {
      const net = deferredFetch();
      render(<TokenAdmin view={panel()} />);
      choose(png());
      await submit();
      await net.answer(200, { ok: true, message: 'Logo uploaded successfully', logoUrl });
      const images = document.querySelectorAll('img[data-test="token-logo-img"]');
      expect(Array.from(images, (img) => img.getAttribute('src'))).toEqual(shown ? [shown, shown] : []);
      // The file was sent: its preview is gone and its URL revoked.
      expect(screen.queryByAltText('Preview of the chosen logo')).toBeNull();
      expect(revokeUrl).toHaveBeenCalledWith(urls[0]);
      cleanup();
    }
  });

  it('a success the server rendered (a plain-form upload) resets after 3 s and leaves the address bar', async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', `/token-admin?token=${ADDRESS}&uploaded=1`);
    render(<TokenAdmin view={panel({ upload: { ok: true, message: 'Logo uploaded successfully' } })} />);
    expect(form().dataset['state']).toBe('success');
    expect(status().textContent).toBe('Logo uploaded successfully');
    await act(async () => void vi.advanceTimersByTime(UPLOAD_SUCCESS_RESET_MS));
    expect(form().dataset['state']).toBe('idle');
    expect(window.location.search).toBe(`?token=${ADDRESS}`);
  });
});

describe('checks before any request', () => {
  it.each([
    ['too large', png(MAX_LOGO_BYTES + 1), 'File size should be less than 200KB'],
    ['not an image', new File(['hello'], 'notes.txt', { type: 'text/plain' }), 'Please select an image file'],
    ['a PDF named .png', new File(['%PDF'], 'a.png', { type: 'application/pdf' }), 'Please select an image file'],
  ])('%s: the message at once, no preview, and Upload sends nothing', async (_name, file, message) => {
    const net = deferredFetch();
    render(<TokenAdmin view={panel()} />);
    choose(file);
    expect(form().dataset['state']).toBe('error');
    expect(status().textContent).toBe(message);
    expect(screen.queryByAltText('Preview of the chosen logo')).toBeNull();
    expect(createUrl).not.toHaveBeenCalled();
    await submit();
    expect(status().textContent).toBe(message);
    expect(net.fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['no file', panel(), 'Please select a token and a logo file'],
    ['no token', panel({ selected: null }), 'Please select a token and a logo file'],
  ])('%s: "%s", no request', async (_name, view, message) => {
    const net = deferredFetch();
    render(<TokenAdmin view={view} />);
    if (view.selected === null) choose(png());
    await submit();
    expect(form().dataset['state']).toBe('error');
    expect(status().textContent).toBe(message);
    expect(net.fetch).not.toHaveBeenCalled();
  });
});

describe('preview before upload', () => {
  it('choosing a file shows its preview, name and size in KB; another replaces it and revokes the first; unmounting revokes the last', () => {
    const view = render(<TokenAdmin view={panel()} />);
    expect(screen.getByTestId('admin-preview').hidden).toBe(true);
    choose(png(12_595, 'first.png'));
    expect(screen.getByTestId('admin-preview').hidden).toBe(false);
    expect(screen.getByAltText('Preview of the chosen logo').getAttribute('src')).toBe('blob:preview-1');
    expect(screen.getByTestId('admin-file-name').textContent).toBe('first.png');
    expect(screen.getByTestId('admin-file-size').textContent).toBe('12.3 KB');
    choose(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'second.svg', { type: 'image/svg+xml' }));
    expect(screen.getByAltText('Preview of the chosen logo').getAttribute('src')).toBe('blob:preview-2');
    expect(revokeUrl).toHaveBeenCalledWith('blob:preview-1');
    view.unmount();
    expect(revokeUrl).toHaveBeenCalledWith('blob:preview-2');
  });

  it('a file dropped on the drop zone is chosen and previewed; a bad one gets its message', () => {
    render(<TokenAdmin view={panel()} />);
    const zone = screen.getByTestId('admin-drop-zone');
    fireEvent.dragEnter(zone, { dataTransfer: { files: [] } });
    expect(zone.dataset['dragging']).toBe('true');
    fireEvent.drop(zone, { dataTransfer: { files: [png(2048, 'dropped.png')] } });
    expect(zone.dataset['dragging']).toBeUndefined();
    expect(screen.getByTestId('admin-file-name').textContent).toBe('dropped.png');
    expect(screen.getByAltText('Preview of the chosen logo').getAttribute('src')).toBe('blob:preview-1');
    fireEvent.drop(zone, { dataTransfer: { files: [png(MAX_LOGO_BYTES + 1, 'huge.png')] } });
    expect(status().textContent).toBe('File size should be less than 200KB');
    expect(screen.queryByAltText('Preview of the chosen logo')).toBeNull();
  });

  it('a dropped file is the one sent', async () => {
    const net = deferredFetch();
    render(<TokenAdmin view={panel()} />);
    fireEvent.drop(screen.getByTestId('admin-drop-zone'), { dataTransfer: { files: [png(64, 'dropped.png')] } });
    await submit();
    const data = (net.fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect((data.get('logo') as File).name).toBe('dropped.png');
  });
});

describe('the token list', () => {
  it.each([
    ['the server could not fetch them', panel({ rows: null, selected: null })],
  ])('%s: "Failed to fetch tokens. Please try again."', (_name, view) => {
    render(<TokenAdmin view={view} />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch tokens. Please try again.');
    expect(screen.queryByTestId('admin-token-list')).toBeNull();
  });

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server answers 502', () => Promise.resolve(new Response(JSON.stringify({ ok: false, message: ADMIN_MESSAGES.tokensFailed }), { status: 502 }))],
    ['the answer is no list', () => Promise.resolve(new Response('<html>', { status: 200 }))],
  ])('Refresh when %s: the spec\'s message replaces the list', async (_name, answer) => {
    const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(answer);
    vi.stubGlobal('fetch', fetch);
    render(<TokenAdmin view={panel()} />);
    await act(async () => void fireEvent.click(screen.getByRole('link', { name: 'Refresh' })));
    expect(fetch.mock.calls[0]?.[0]).toBe(`/token-admin?token=${ADDRESS}`);
    expect(screen.getByTestId('admin-tokens-error').textContent).toBe('Failed to fetch tokens. Please try again.');
  });

  it('Refresh shows the rows the server answered', async () => {
    const fresh = [row(), row({ address: '0x00000000000000000000000000000000000000b2', name: 'Second', symbol: 'SEC', initials: 'SE', logo: 'javascript:alert(1)' })];
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ ok: true, rows: fresh }), { status: 200 }))));
    render(<TokenAdmin view={panel()} />);
    await act(async () => void fireEvent.click(screen.getByRole('link', { name: 'Refresh' })));
    expect(screen.getByTestId('admin-token-count').textContent).toBe('2 tokens found');
    // A logo URL that is not the site's own is never an image source.
    expect(document.querySelectorAll('img[src^="javascript"]')).toHaveLength(0);
  });

  it.each([
    ['', '2 tokens found'],
    ['gov', '1 token found'],
    ['0X00000000000000000000000000000000000000B2', '1 token found'],
    ['nothing like it', '0 tokens found'],
  ])('searching %j: %s', (q, count) => {
    render(<TokenAdmin view={panel({ rows: [row(), row({ address: '0x00000000000000000000000000000000000000b2', name: 'Second', symbol: 'SEC' })] })} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: q } });
    expect(screen.getByTestId('admin-token-count').textContent).toBe(count);
  });

  it('choosing a row shows its details and puts it in the address bar', () => {
    const second = row({ address: '0x00000000000000000000000000000000000000B2', name: 'Second', symbol: 'SEC', decimals: 6 });
    render(<TokenAdmin view={panel({ rows: [row(), second], selected: null })} />);
    fireEvent.click(screen.getByRole('link', { name: /Second/ }));
    const details = screen.getByTestId('admin-details');
    expect(within(details).getByText('0x00000000000000000000000000000000000000B2')).toBeTruthy();
    expect(details.querySelector('[data-field="decimals"]')?.textContent).toBe('6');
    expect(window.location.search).toBe('?token=0x00000000000000000000000000000000000000b2');
  });

  it.each([
    ['<img src=x onerror="window.hacked=1">', '<b>SYM</b>'],
    ['<script>window.hacked=1</script>', '"><svg onload=alert(1)>'],
    ['\u202eevil\u202c token', 'RTL\u202e'],
  ])('a hostile name %j renders as text', (name, symbol) => {
    render(<TokenAdmin view={panel({ rows: [row({ name, symbol })] })} />);
    const list = screen.getByTestId('admin-token-list');
    expect(list.querySelector('[data-test="admin-token-name"]')?.textContent).toBe(name);
    expect(within(list).getByText(symbol)).toBeTruthy();
    expect(document.querySelectorAll('script, svg, b, img:not([data-test])')).toHaveLength(0);
    expect(screen.getByTestId('admin-details').querySelector('[data-field="name"]')?.textContent).toBe(name);
  });
});

describe('login and logout', () => {
  it('the login form is a plain POST form with the spec\'s fields and its error', () => {
    render(<TokenAdmin view={{ kind: 'login', error: 'Invalid username or password', retry: 'Try again in 15 minutes.', username: 'typed' }} />);
    const formEl = screen.getByRole('button', { name: 'Login' }).closest('form')!;
    expect([formEl.getAttribute('method'), formEl.getAttribute('action')]).toEqual(['post', '/token-admin']);
    expect(screen.getByTestId('login-error').textContent).toBe('Invalid username or passwordTry again in 15 minutes.');
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('typed');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('Logout ends the session on the server and shows the login form in place', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ ok: true }), { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    render(<TokenAdmin view={panel()} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Logout' })));
    const body = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect(body.get('action')).toBe('logout');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(window.location.search).toBe('');
  });
});
