import { homeAiFigures } from '../ai/fallback.ts';
import { formatRelativeTime, formatSto, formatTxValue, formatUsd, formatUtcDateTime, shortenAddress, shortenHash } from '../format/index.ts';
import { statusBadge } from '../model/status.ts';
import {
  HOME_BLOCKS_ON_SMALL_SCREENS,
  HOME_PARTS,
  barWidth,
  formatPercentFigure,
  formatTps,
  loadedCount,
  newBadgeText,
  overlayWaiting,
  payoutUsdEstimate,
  type HomeAi,
  type HomePart,
} from './feed.ts';
import { txCardKind } from '../transactions/kind.ts';
import type { Block, NetworkStats, Transaction } from '../model/types.ts';
import { addressUrl, blockUrl, txUrl } from '../url/links.ts';

// The home page's live parts as HTML, written once for both sides: the server puts them in the page, the browser's
// small live script (components/home/home-live.ts) writes them again when the feed changes. No framework: on a slow
// CPU the page's scripts take no long task. Every value goes through esc() (chain data is written by strangers);
// only the fragments built here are inserted unescaped.

/** HTML built by this module (inserted as it is). */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an element's content or a quoted attribute. */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

function part(value: Part): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (typeof value === 'string' || typeof value === 'number') return esc(value);
  return value.map(part).join('');
}

/** A template whose interpolations are escaped unless they are Html. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += part(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

const NONE = '—';

function ageText(timestamp: number | null, now: number): Html {
  const iso = timestamp === null ? null : new Date(timestamp * 1000).toISOString();
  return html`<time${iso ? html` datetime="${iso}"` : ''} title="${formatUtcDateTime(timestamp)}" data-test="age" class="text-slate-600">${formatRelativeTime(timestamp, now)}</time>`;
}

function addressText(address: string | null, fallback = NONE): Html {
  if (!address) return html`<span class="text-slate-700">${fallback}</span>`;
  return html`<a href="${addressUrl(address)}" title="${address}" data-test="address" class="font-mono text-indigo-700 hover:underline">${shortenAddress(address)}</a>`;
}

const TONES = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-600/20',
} as const;

function statusPill(status: boolean | null): Html {
  const badge = statusBadge(status);
  return html`<span data-test="status" class="inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[badge.tone]}">${badge.label}</span>`;
}

/** One row of Latest Blocks: number, age, producer, transaction count and reward (past the 8th: hidden on small screens). */
function blockRow(block: Block, index: number, now: number): Html {
  const txs = block.transactionCount;
  return html`<li data-test="home-block" class="${index >= HOME_BLOCKS_ON_SMALL_SCREENS ? 'hidden sm:flex' : 'flex'} items-center gap-3 py-3 text-sm"><span aria-hidden="true" class="grid size-10 shrink-0 place-items-center rounded-lg bg-indigo-50 text-xs font-bold text-indigo-700">Bk</span><div class="min-w-0 flex-1"><div class="flex flex-wrap items-baseline gap-x-2"><a href="${blockUrl(block.number)}" data-test="block-number" class="font-semibold text-indigo-700 hover:underline">#${block.number.toLocaleString('en-US')}</a><span class="text-xs">${ageText(block.timestamp, now)}</span></div><div class="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-700"><span>Mined by ${addressText(block.miner)}</span><span data-test="block-tx-count">${txs.toLocaleString('en-US')} ${txs === 1 ? 'txn' : 'txns'}</span></div></div><div class="shrink-0 text-right text-xs text-slate-800" title="Block reward">${block.reward === null ? NONE : `${formatSto(block.reward)} STO`}</div></li>`;
}

/** One row of Latest Transactions: hash, kind label, status, sender and recipient, value (up to 8 decimals) and age. */
function txRow(tx: Transaction, now: number): Html {
  return html`<li data-test="home-transaction" class="flex flex-col gap-1 py-3 text-sm"><div class="flex flex-wrap items-center gap-2"><a href="${txUrl(tx.hash)}" title="${tx.hash}" data-test="tx-hash" class="font-mono text-indigo-700 hover:underline">${shortenHash(tx.hash)}</a><span data-test="tx-kind" class="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-800">${txCardKind(tx)}</span>${statusPill(tx.status)}<span class="ml-auto text-xs">${ageText(tx.timestamp, now)}</span></div><div class="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700"><span>From ${addressText(tx.from)}</span><span aria-hidden="true">→</span><span>To ${addressText(tx.to, '[Contract Creation]')}</span><span data-test="tx-value" class="ml-auto font-medium text-slate-900">${formatTxValue(tx.value, 'card')} STO</span></div></li>`;
}

/** The body of Latest Blocks: the rows, or why there are none. */
export function blocksBody(blocks: readonly Block[] | null, now: number): Html {
  if (blocks === null) return html`<p class="py-6 text-center text-sm text-slate-600">Loading blocks...</p>`;
  if (blocks.length === 0) return html`<p class="py-6 text-center text-sm text-slate-600">No blocks found.</p>`;
  return html`<ul class="divide-y divide-slate-100">${blocks.map((b, i) => blockRow(b, i, now))}</ul>`;
}

/** The body of Latest Transactions: the rows, or the placeholder. */
export function transactionsBody(transactions: readonly Transaction[] | null, now: number): Html {
  if (transactions === null || transactions.length === 0) {
    return html`<p class="py-6 text-center text-sm text-slate-600" data-test="transactions-placeholder">Loading transactions...</p>`;
  }
  return html`<ul class="divide-y divide-slate-100">${transactions.map((tx) => txRow(tx, now))}</ul>`;
}

/** The '+N new' badge of a feed; nothing when no item arrived. */
export function newBadge(count: number, test: string): Html {
  const text = newBadgeText(count);
  if (text === null) return html``;
  return html`<span data-test="${test}" class="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">${text}</span>`;
}

function stat(label: string, body: Html): Html {
  return html`<div class="rounded-lg bg-slate-50 p-3"><dt class="text-xs font-medium uppercase tracking-wide text-slate-600">${label}</dt><dd class="mt-1 text-lg font-semibold text-slate-900">${body}</dd></div>`;
}

/** Network Statistics: Latest Block, Transactions (with TPS), Holders and Validators Payout with its dollar estimate. */
export function statsList(s: NetworkStats | null): Html {
  return html`<dl class="grid grid-cols-2 gap-3">${[
    stat(
      'Latest Block',
      s
        ? html`<a href="${blockUrl(s.latestBlock)}" data-test="stat-latest-block" class="text-indigo-700 hover:underline">${s.latestBlock.toLocaleString('en-US')}</a>`
        : html`<span data-test="stat-latest-block">${NONE}</span>`,
    ),
    stat(
      'Transactions',
      html`<span data-test="stat-transactions"${s?.totalTransactionsEstimated ? html` title="Estimated: 2 × latest block"` : ''}>${s ? s.totalTransactions.toLocaleString('en-US') : NONE}</span><span class="ml-2 text-xs font-medium text-slate-600">TPS: <span data-test="stat-tps">${s ? formatTps(s.tps) : NONE}</span></span>`,
    ),
    stat('Holders', html`<span data-test="stat-holders">${s ? s.totalHolders.toLocaleString('en-US') : NONE}</span>`),
    stat(
      'Validators Payout',
      html`<span data-test="stat-payout">${s ? `${formatSto(s.validatorsPayout.raw)} STO` : NONE}</span><span class="block text-xs font-medium text-slate-600">≈ <span data-test="stat-payout-usd">${s ? formatUsd(payoutUsdEstimate(s.validatorsPayout.raw)) : NONE}</span></span>`,
    ),
  ]}</dl>`;
}

function bar(label: string, value: number, test: string, tone: string): Html {
  const text = formatPercentFigure(value);
  return html`<div><div class="flex items-baseline justify-between text-sm"><span class="font-medium text-slate-800">${label}</span><span data-test="${test}" class="font-semibold text-slate-900">${text}</span></div><div class="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="${label}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${value}" aria-valuetext="${text}"><div data-test="${test}-bar" class="h-full rounded-full ${tone}" style="width:${barWidth(value)}"></div></div></div>`;
}

/** The AI card's Block Prediction Accuracy and Network Optimization bars (98 and 92 when the AI data lacks them). */
export function aiBars(ai: HomeAi | null): Html {
  const figures = homeAiFigures(ai);
  return html`${bar('Block Prediction Accuracy', figures.predictionAccuracy, 'ai-prediction-accuracy', 'bg-gradient-to-r from-indigo-500 to-violet-500')}${bar('Network Optimization', figures.gasOptimization, 'ai-network-optimization', 'bg-gradient-to-r from-emerald-500 to-teal-500')}`;
}

const PART_LABELS: Record<HomePart, string> = { blocks: 'Blocks', transactions: 'Transactions', stats: 'Network stats', ai: 'AI data' };

/**
 * The full-screen loading overlay's content while the server could not load some parts: 'n/4 loaded' while the
 * browser fetches them; nothing once blocks, transactions and stats are in.
 */
export function overlay(pending: readonly HomePart[]): Html {
  if (!overlayWaiting(pending)) return html``;
  return html`<div data-test="home-overlay" role="status" aria-live="polite" class="home-overlay fixed inset-0 z-50 grid place-items-center bg-white/90 backdrop-blur-sm"><div class="w-72 rounded-lg border border-slate-200 bg-white p-6 text-center shadow-lg"><div aria-hidden="true" class="mx-auto size-10 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600"></div><p class="mt-4 font-semibold text-slate-900">Loading network data</p><p class="mt-1 text-sm text-slate-700" data-test="home-overlay-progress">${loadedCount(pending)}/${HOME_PARTS.length} loaded</p><ul class="mt-3 space-y-1 text-left text-xs text-slate-700">${HOME_PARTS.map((p) => html`<li class="flex justify-between"><span>${PART_LABELS[p]}</span><span>${pending.includes(p) ? 'Loading…' : 'Loaded'}</span></li>`)}</ul></div></div>`;
}
