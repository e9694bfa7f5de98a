import { getHealth } from '../indexer-api/health.ts';
import { browserTransport } from '../indexer-api/transport.ts';
import { readJsonScript } from '../page/json-script.ts';
import type { AiActivityItem, AiDashboardData } from '../model/types.ts';
import { aiTestStatus, createAiTestController, type AiTestState } from './run-flow.ts';
import { LOG_TYPE_CLASS, logClock, type DebugLogEntry } from './debug-log.ts';
import {
  ACTIVITY_TYPE_LABEL,
  DOWNLOAD_FILE_NAME,
  FEED_HIGHLIGHT_MS,
  FEED_ITEM_CLASS,
  FEED_ITEM_HIGHLIGHT_CLASS,
  FEED_TIME_REFRESH_MS,
  NO_ACTIVITY,
  STATUS_CLASS,
  feedAt,
  networkFigures,
  newestChanged,
  rawJson,
  resultCards,
} from './run-view.ts';

// The AI test page's script (no framework): wires Run Test, Clear Logs and Download, runs the start-up health check,
// and writes each new state into the server's structure with DOM calls (textContent only: chain data is hostile).

/** What the server hands the script. */
export interface AiTestBaseline {
  indexerUrl: string;
  data: AiDashboardData | null;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function logItem(entry: DebugLogEntry): HTMLLIElement {
  const item = el('li', LOG_TYPE_CLASS[entry.type]);
  item.dataset['test'] = 'ai-log-entry';
  item.dataset['type'] = entry.type;
  const time = el('time', 'text-slate-400', `[${logClock(entry.time)}]`);
  time.dateTime = entry.time;
  item.append(time, ` ${entry.type.toUpperCase()}: ${entry.message}`);
  return item;
}

function feedItem(item: AiActivityItem, highlighted: boolean): HTMLLIElement {
  const li = el('li', highlighted ? FEED_ITEM_HIGHLIGHT_CLASS : FEED_ITEM_CLASS);
  li.dataset['test'] = 'ai-feed-item';
  li.dataset['id'] = item.id;
  const head = el('div', 'flex flex-wrap items-center justify-between gap-2 text-xs text-slate-700');
  const time = el('span', '', item.timestamp);
  time.dataset['test'] = 'ai-feed-time';
  head.append(el('span', 'font-semibold uppercase tracking-wide', ACTIVITY_TYPE_LABEL[item.type]), time);
  li.append(head, el('p', 'mt-1 text-sm text-slate-900 break-words', item.message));
  return li;
}

/** Starts the page; nothing happens without the server's baseline. */
export function startAiTestPage(doc: Document = document): void {
  const baseline = readJsonScript<AiTestBaseline>(doc, 'ai-test-baseline');
  if (!baseline) return;
  const part = <T extends HTMLElement = HTMLElement>(name: string): T | null => doc.querySelector<T>(`[data-ai="${name}"]`);
  const transport = browserTransport(baseline.indexerUrl);
  let shownData: AiDashboardData | null = baseline.data;
  let newestId: string | null = baseline.data?.activityFeed[0]?.id ?? null;
  let highlightedId: string | null = null;
  let highlightTimer: ReturnType<typeof setTimeout> | undefined;

  const renderFeed = (): void => {
    const list = part('feed');
    if (!list) return;
    const feed = feedAt(shownData?.activityFeed ?? [], Date.now());
    list.replaceChildren(
      ...(feed.length === 0 ? [el('li', 'text-sm text-slate-700', NO_ACTIVITY)] : feed.map((item) => feedItem(item, item.id === highlightedId))),
    );
  };

  const renderData = (data: AiDashboardData | null): void => {
    const cards = part('cards');
    if (cards && data) {
      cards.replaceChildren(
        ...resultCards(data).map((card) => {
          const box = el('div', 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm');
          const value = el('p', 'mt-1 text-2xl font-bold text-slate-900', card.text);
          value.dataset['test'] = `ai-card-${card.key}`;
          value.dataset['value'] = String(card.value);
          box.append(el('h3', 'text-sm font-medium text-slate-700', card.label), value);
          return box;
        }),
      );
    }
    const network = part('network');
    if (network && data) {
      network.replaceChildren(
        ...networkFigures(data).map((f) => {
          const box = el('div', 'rounded-md bg-indigo-50 p-3');
          const value = el('dd', 'text-xl font-bold text-indigo-950', String(f.value));
          value.dataset['test'] = `ai-network-${f.key}`;
          box.append(el('dt', 'text-xs font-medium uppercase text-indigo-900', f.label), value);
          return box;
        }),
      );
    }
    const raw = part('raw');
    if (raw) raw.textContent = rawJson(data);
    const feed = data?.activityFeed ?? [];
    if (newestChanged(newestId, feed)) {
      highlightedId = feed[0]?.id ?? null;
      clearTimeout(highlightTimer);
      highlightTimer = setTimeout(() => {
        highlightedId = null;
        renderFeed();
      }, FEED_HIGHLIGHT_MS);
    }
    newestId = feed[0]?.id ?? null;
    renderFeed();
  };

  const render = (state: AiTestState): void => {
    const status = aiTestStatus(state);
    const badge = part('status');
    if (badge && badge.textContent !== status) {
      badge.textContent = status;
      badge.className = `rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_CLASS[status]}`;
    }
    const error = part('error');
    if (error) {
      error.textContent = state.error ?? '';
      error.hidden = state.error === null;
    }
    const run = part<HTMLButtonElement>('run');
    if (run) run.disabled = state.loading;
    part('log')?.replaceChildren(...state.log.map(logItem));
    const box = part('log-box');
    if (box) {
      box.hidden = state.log.length === 0;
      box.scrollTop = box.scrollHeight;
    }
    part('log-empty')?.toggleAttribute('hidden', state.log.length > 0);
    if (state.data !== shownData) {
      shownData = state.data;
      renderData(shownData);
    }
  };

  const controller = createAiTestController(
    {
      health: () => getHealth(transport),
      load: async (onError) => {
        const [{ loadAiDashboardData }, { feedSource }] = await Promise.all([import('./data.ts'), import('../indexer-api/feed-source.ts')]);
        return loadAiDashboardData(feedSource(transport), { onError });
      },
    },
    { data: baseline.data },
    render,
  );

  part('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    void controller.run();
  });
  part('clear')?.addEventListener('click', () => controller.clearLogs());
  part('download')?.addEventListener('click', (event) => {
    event.preventDefault();
    const json = rawJson(controller.state().data);
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const link = el('a', '');
    link.href = url;
    link.download = DOWNLOAD_FILE_NAME;
    doc.body.append(link);
    link.click();
    link.remove();
    // The browser reads the blob once the download starts; it is released a while later.
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
    controller.log(`Downloaded ${DOWNLOAD_FILE_NAME} (${json.length} characters)`, 'info');
  });
  setInterval(renderFeed, FEED_TIME_REFRESH_MS);
  void controller.start();
}
