// The token admin's upload state machine and answer reading (the spec's states, checks and messages), without a DOM.
import { describe, expect, it } from 'vitest';
import { panelHref, readRows } from '../../src/lib/admin/panel.ts';
import {
  checkBeforeUpload,
  IDLE,
  initialUploadState,
  isOwnLogoUrl,
  nextUploadState,
  readUploadAnswer,
  uploadStatusText,
  type UploadEvent,
  type UploadState,
} from '../../src/lib/admin/upload-state.ts';
import { ADMIN_MESSAGES, MAX_LOGO_BYTES } from '../../src/lib/tokens/admin-messages.ts';

const uploading: UploadState = { kind: 'uploading' };
const success: UploadState = { kind: 'success', message: ADMIN_MESSAGES.uploaded };
const error: UploadState = { kind: 'error', message: ADMIN_MESSAGES.notImage };

describe('nextUploadState', () => {
  it.each<[string, UploadState, UploadEvent, UploadState]>([
    ['a good file chosen', IDLE, { type: 'chosen', problem: null }, IDLE],
    ['a bad file chosen', IDLE, { type: 'chosen', problem: ADMIN_MESSAGES.tooLarge }, { kind: 'error', message: ADMIN_MESSAGES.tooLarge }],
    ['a good file after an error', error, { type: 'chosen', problem: null }, IDLE],
    ['choosing while uploading changes nothing', uploading, { type: 'chosen', problem: null }, uploading],
    ['sent', IDLE, { type: 'send' }, uploading],
    ['stored', uploading, { type: 'answered', ok: true, message: ADMIN_MESSAGES.uploaded }, success],
    ['refused by the server', uploading, { type: 'answered', ok: false, message: ADMIN_MESSAGES.notImage }, error],
    ['refused before sending', IDLE, { type: 'refused', message: ADMIN_MESSAGES.missing }, { kind: 'error', message: ADMIN_MESSAGES.missing }],
    ['refused while uploading changes nothing', uploading, { type: 'refused', message: ADMIN_MESSAGES.missing }, uploading],
    ['a success resets', success, { type: 'reset' }, IDLE],
    ['an error does not reset by itself', error, { type: 'reset' }, error],
    ['an upload is not reset', uploading, { type: 'reset' }, uploading],
  ])('%s', (_name, state, event, next) => {
    expect(nextUploadState(state, event)).toEqual(next);
  });

  it.each<[UploadState, string]>([
    [IDLE, ''],
    [uploading, 'Uploading…'],
    [success, 'Logo uploaded successfully'],
    [error, 'Please select an image file'],
  ])('%j says %j', (state, text) => {
    expect(uploadStatusText(state)).toBe(text);
  });

  it.each([
    [null, IDLE],
    [{ ok: true, message: 'Logo uploaded successfully' }, success],
    [{ ok: false, message: 'Please select an image file' }, error],
  ])('a server outcome %j starts in %j', (outcome, state) => {
    expect(initialUploadState(outcome)).toEqual(state);
  });
});

describe('checkBeforeUpload', () => {
  const token = '0x00000000000000000000000000000000000000a1';
  it.each([
    [null, { type: 'image/png', size: 10, name: 'a.png' }, 'Please select a token and a logo file'],
    [token, null, 'Please select a token and a logo file'],
    [token, { type: 'image/png', size: MAX_LOGO_BYTES + 1, name: 'a.png' }, 'File size should be less than 200KB'],
    [token, { type: 'text/plain', size: 10, name: 'a.txt' }, 'Please select an image file'],
    [token, { type: 'image/png', size: MAX_LOGO_BYTES, name: 'a.png' }, null],
  ])('token %s, file %j → %s', (address, file, message) => {
    expect(checkBeforeUpload(address, file)).toBe(message);
  });
});

describe('the server\'s answer', () => {
  const logo = '/token-logos/0x00000000000000000000000000000000000000a1.png?v=0123456789abcdef';
  it.each([
    [200, { ok: true, message: 'Logo uploaded successfully', logoUrl: logo }, { ok: true, message: 'Logo uploaded successfully', logoUrl: logo }],
    [200, { ok: true, logoUrl: 'https://evil.example/a.png' }, { ok: true, message: 'Logo uploaded successfully', logoUrl: null }],
    [415, { ok: false, message: 'Please select an image file' }, { ok: false, message: 'Please select an image file' }],
    [401, { ok: false, message: 'Unauthorized' }, { ok: false, message: 'Unauthorized' }],
    [200, { ok: false }, { ok: false, message: 'Failed to upload logo. Please try again.' }],
    [500, null, { ok: false, message: 'Failed to upload logo. Please try again.' }],
    [502, 'not json', { ok: false, message: 'Failed to upload logo. Please try again.' }],
  ])('%i %j', (status, body, answer) => {
    expect(readUploadAnswer(status, body)).toEqual(answer);
  });

  it.each([
    ['/token-logos/0x00000000000000000000000000000000000000a1.png', true],
    [logo, true],
    ['/token-logos/0x00000000000000000000000000000000000000A1.png', false],
    ['//evil.example/token-logos/0x00000000000000000000000000000000000000a1.png', false],
    ['https://evil.example/x.png', false],
    ['javascript:alert(1)', false],
    ['/token-logos/../admin.png', false],
    [null, false],
  ])('%j is the site\'s own logo: %s', (url, own) => {
    expect(isOwnLogoUrl(url)).toBe(own);
  });
});

describe('panel URLs and refreshed rows', () => {
  it.each([
    ['', null, {}, '/token-admin'],
    ['gov', null, {}, '/token-admin?q=gov'],
    ['a b', '0xABC', {}, '/token-admin?q=a+b&token=0xabc'],
    ['', '0xabc', { uploaded: '1' }, '/token-admin?token=0xabc&uploaded=1'],
  ])('q %j, token %j → %s', (q, token, extra, href) => {
    expect(panelHref(q, token, extra)).toBe(href);
  });

  it('keeps only well-formed rows and own logos', () => {
    const good = { address: '0x00000000000000000000000000000000000000a1', name: '<b>x</b>', symbol: 'X', decimals: 6, verified: true, logo: 'https://evil.example/x.png', initials: 'X' };
    expect(readRows({ rows: [good, { address: 'nope' }, null] }, isOwnLogoUrl)).toEqual([{ ...good, logo: null }]);
    expect(readRows({ message: 'Failed' }, isOwnLogoUrl)).toBeNull();
  });
});
