import { getHealth } from '../indexer-api/health.ts';
import { browserTransport } from '../indexer-api/transport.ts';
import { readJsonScript } from '../page/json-script.ts';
import type { AiDashboardData } from '../model/types.ts';
import { aiTestStatus, createAiTestController, type AiTestState } from './run-flow.ts';
import { LOG_TYPE_CLASS, logClock, type DebugLogEntry } from './debug-log.ts';
import { DOWNLOAD_FILE_NAME, STATUS_CLASS, rawJson } from './run-view.ts';
import { publishAiData } from './store.ts';

// The AI test page's script: wires Run Test, Clear Logs and Download, runs the start-up health check, and shows the
// flow's own state (the status, the error, the debug log, the raw data) with DOM calls (textContent only: chain data
// is hostile). Each run's data goes to the AI pages' shared store (store.ts), which the page's islands read: the
// result cards, the network figures and the activity feed (src/islands/AiTest*.tsx).

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

/** Starts the page; nothing happens without the server's baseline. */
export function startAiTestPage(doc: Document = document): void {
  const baseline = readJsonScript<AiTestBaseline>(doc, 'ai-test-baseline');
  if (!baseline) return;
  const part = <T extends HTMLElement = HTMLElement>(name: string): T | null => doc.querySelector<T>(`[data-ai="${name}"]`);
  const transport = browserTransport(baseline.indexerUrl);
  let shownData: AiDashboardData | null = baseline.data;

  const renderData = (data: AiDashboardData | null): void => {
    if (data) publishAiData(data);
    const raw = part('raw');
    if (raw) raw.textContent = rawJson(data);
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
  void controller.start();
}
