// Reading Prometheus's text exposition in tests (the unit, integration and end-to-end metrics tests read the same
// format from prom-client's registries and from both servers' /metrics).

/** One sample of a series: its labels and its value. */
export interface Sample {
  labels: Record<string, string>;
  value: number;
}

const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

function labelsOf(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const pair of text.matchAll(LABEL)) labels[pair[1] as string] = pair[2] as string;
  return labels;
}

/** Every sample of a series in a text exposition, with its labels. */
export function samples(text: string, name: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    found.push({ labels: labelsOf(match[2] ?? ''), value: Number(match[3]) });
  }
  return found;
}

/**
 * The value of the sample of a series whose labels are exactly these (given as an object, or as exposition text such
 * as `method="eth_call",outcome="ok"`); undefined when there is none.
 */
export function sample(text: string, name: string, labels: Record<string, string> | string = {}): number | undefined {
  const wanted = typeof labels === 'string' ? labelsOf(labels) : labels;
  const keys = Object.keys(wanted);
  return samples(text, name).find((s) => keys.length === Object.keys(s.labels).length && keys.every((k) => s.labels[k] === wanted[k]))?.value;
}
