// A Playwright reporter that ends the run with one plain line per project: its wall time (from its first test's start
// to its last test's end), the number of tests and their summed time. Projects that depend on each other run one
// after the other; the tests of one project share the workers, and how busy they kept them (test time over workers
// times wall time) shows a project whose tests queue in one worker while the other waits.
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { recordTiming } from './record.ts';

interface ProjectTime {
  tests: number;
  start: number;
  end: number;
  busy: number;
}

export default class TimingReporter implements Reporter {
  private readonly projects = new Map<string, ProjectTime>();
  private readonly begun = Date.now();
  private workers = 1;

  onBegin(config: FullConfig): void {
    this.workers = config.workers;
  }

  printsToStdio(): boolean {
    // The list reporter keeps the terminal; these lines come at the very end.
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const name = test.parent.project()?.name || 'default';
    const start = result.startTime.getTime();
    const p = this.projects.get(name) ?? { tests: 0, start: Infinity, end: 0, busy: 0 };
    p.tests += 1;
    p.start = Math.min(p.start, start);
    p.end = Math.max(p.end, start + result.duration);
    p.busy += result.duration;
    this.projects.set(name, p);
  }

  onEnd(_result: FullResult): void {
    const first = Math.min(...[...this.projects.values()].map((p) => p.start));
    const lines = [];
    // Before the first test: loading the test files and the global setup (devnet, scenario, indexer, site).
    if (Number.isFinite(first)) lines.push(`timing: playwright setup ${seconds(first - this.begun)} s (global setup: the stack and its scenario)`);
    for (const [name, p] of [...this.projects].sort((a, b) => a[1].start - b[1].start)) {
      const busy = p.end > p.start ? Math.round((100 * p.busy) / (this.workers * (p.end - p.start))) : 0;
      lines.push(`timing: playwright ${name} ${seconds(p.end - p.start)} s (${p.tests} tests, ${seconds(p.busy)} s of test time: ${busy} % of ${this.workers} workers)`);
    }
    recordTiming(lines);
  }
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(0);
}
