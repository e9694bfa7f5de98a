import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import CallCandidateComponent from '../../src/components/transactions/CallCandidate.astro';
import CallGuessViewComponent from '../../src/components/transactions/CallGuessView.astro';
import DecodedLogComponent from '../../src/components/transactions/DecodedLog.astro';
import DecodedCallPanelComponent from '../../src/components/transactions/DecodedCallPanel.astro';
import { callPanel } from '../../src/lib/transactions/input-data.ts';
import { normalizeDecodedTransaction } from '../../src/lib/normalize/transaction.ts';
import { normalizeLog } from '../../src/lib/normalize/receipt.ts';

// Plain TypeScript cannot resolve .astro modules (`astro check` can), so type the imports as what the container renders.
type Renderable = Parameters<AstroContainer['renderToString']>[0];
const CallCandidate = CallCandidateComponent as Renderable;
const CallGuessView = CallGuessViewComponent as Renderable;
const DecodedLog = DecodedLogComponent as Renderable;
const DecodedCallPanel = DecodedCallPanelComponent as Renderable;

// Signatures, parameter names and decoded strings are strangers' text: whatever the indexer answers, the page shows
// it as text. Each hostile string must come out escaped, never as markup.
const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
];

const decodedAnswer = (text: string) => ({
  decoded: { functionName: text, functionSignature: `${text}(string)`, params: [{ name: text, type: 'string', value: text }], source: 'signature' },
  candidates: [],
  guess: null,
});

describe('hostile signature texts are escaped everywhere they are shown', () => {
  it.each(HOSTILE)('decoded call: %s', async (text) => {
    const call = normalizeDecodedTransaction(decodedAnswer(text))?.decoded;
    expect(call).toBeTruthy();
    const html = await (await AstroContainer.create()).renderToString(CallCandidate, { props: { call } });
    expect(html).not.toContain(text);
    expect(html).not.toMatch(/<(script|img|svg)\b/);
    expect(html).toContain('decoded from a signature, not from verified source');
  });

  it.each(HOSTILE)('decoded log: %s', async (text) => {
    const log = normalizeLog({
      address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      topics: [`0x${'11'.repeat(32)}`],
      data: '0x',
      candidates: [{ eventName: text, eventSignature: `${text}(string)`, params: [{ name: text, type: 'string', value: text, indexed: false }], source: 'signature' }],
    });
    expect(log?.decoded).toHaveLength(1);
    const html = await (await AstroContainer.create()).renderToString(DecodedLog, { props: { events: log?.decoded } });
    expect(html).not.toContain(text);
    expect(html).not.toMatch(/<(script|img|svg)\b/);
  });

  it.each(HOSTILE)('guessed types and values: %s', async (text) => {
    const guess = normalizeDecodedTransaction({ decoded: null, guess: { selector: '0x12345678', words: [text, '0xab'], types: [text], params: [{ type: text, value: text }] } })?.guess;
    expect(guess?.words).toEqual(['0xab']);
    const html = await (await AstroContainer.create()).renderToString(CallGuessView, { props: { guess } });
    expect(html).not.toContain(text);
    expect(html).not.toMatch(/<(script|img|svg)\b/);
    expect(html).toContain('a guess');
  });

  it('an answer without the bundled indexer\'s fields (the chain operator\'s indexer) reads as none', () => {
    const d = normalizeDecodedTransaction({ transaction: null, decoded: { functionName: 'transfer', functionSignature: 'transfer(address,uint256)', params: [] }, description: 'x' });
    expect([d?.candidates, d?.guess, d?.decoded?.source]).toEqual([[], null, undefined]);
    expect(normalizeLog({ address: '0x5fbdb2315678afecb367f032d93f642f64180aa3', topics: [], data: '0x' })).not.toHaveProperty('decoded');
  });
});

describe('two signatures sharing a selector on the page', () => {
  it('shows every candidate the indexer found, each marked, the first with the usual fields', async () => {
    const word = 'ab'.repeat(16) + '00'.repeat(16);
    const answer = normalizeDecodedTransaction({
      decoded: { functionName: 'burn', functionSignature: 'burn(uint256)', params: [{ name: '', type: 'uint256', value: '1' }], source: 'signature' },
      candidates: [
        { functionName: 'burn', functionSignature: 'burn(uint256)', params: [{ name: '', type: 'uint256', value: '1' }], source: 'signature' },
        { functionName: 'collate_propagate_storage', functionSignature: 'collate_propagate_storage(bytes16)', params: [{ name: '', type: 'bytes16', value: `0x${'ab'.repeat(16)}` }], source: 'signature' },
      ],
    });
    const panel = callPanel({ to: '0x5fbdb2315678afecb367f032d93f642f64180aa3', input: `0x42966c68${word}` }, answer?.decoded ?? null, answer ?? {});
    expect(panel.kind === 'decoded' && panel.others.map((c) => c.functionName)).toEqual(['collate_propagate_storage']);
    const html = await (await AstroContainer.create()).renderToString(DecodedCallPanel, { props: { panel } });
    expect(html.match(/data-test="call-candidate"/g)).toHaveLength(2);
    expect(html.match(/decoded from a signature, not from verified source/g)).toHaveLength(2);
    expect(html).toContain('Another signature shares this selector and decodes the input too:');
    expect(html).toContain('collate_propagate_storage(bytes16)');
    expect(html).toMatch(/data-test="function-typed"[^>]*>\(uint256\)</);
  });
});
