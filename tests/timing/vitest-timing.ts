// A Vitest reporter that ends the run with one plain line per project: its wall time (from its first file's start
// to its last file's end) and the time its files kept a worker busy. Projects share one pool of workers, so the
// two differ: the first says how long the project held the run up, the second what it costs. A last line says how
// busy the pool's workers were from the first file's start to the last file's end: the projects' files share them (in
// the sequencer's order, a project's after another's), so idle workers show there and not in a project's line.
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { recordTiming } from './record.ts';

interface ProjectTime {
  files: number;
  tests: number;
  start: number;
  end: number;
  busy: number;
}

export default class TimingReporter implements Reporter {
  private readonly projects = new Map<string, ProjectTime>();
  private workers = 0;

  onInit(vitest: Vitest): void {
    this.workers = vitest.config.maxWorkers;
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    // What the file kept its worker busy with: its environment, the harness, the imports and the tests with their hooks.
    const busy = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    const end = Date.now();
    const name = module.project.name || 'default';
    const p = this.projects.get(name) ?? { files: 0, tests: 0, start: Infinity, end: 0, busy: 0 };
    p.files += 1;
    p.tests += [...module.children.allTests()].length;
    p.start = Math.min(p.start, end - busy);
    p.end = Math.max(p.end, end);
    p.busy += busy;
    this.projects.set(name, p);
  }

  onTestRunEnd(): void {
    const lines = [...this.projects]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, p]) => `timing: vitest ${name} ${seconds(p.end - p.start)} s (${p.files} file${p.files === 1 ? '' : 's'}, ${p.tests} tests, ${seconds(p.busy)} s of worker time)`);
    const all = [...this.projects.values()];
    if (all.length > 1 && this.workers > 0) {
      const wall = Math.max(...all.map((p) => p.end)) - Math.min(...all.map((p) => p.start));
      const busy = all.reduce((sum, p) => sum + p.busy, 0);
      lines.push(`timing: vitest pool ${seconds(wall)} s (${this.workers} workers, ${seconds(busy)} s of worker time: ${wall > 0 ? Math.round((100 * busy) / (this.workers * wall)) : 0} % busy)`);
    }
    recordTiming(lines);
  }
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(0);
}
