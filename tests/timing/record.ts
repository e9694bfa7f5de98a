// Where the test runners' timing lines go: printed at the end of the runner's own output, and, when TEST_TIMING_FILE
// names a file (scripts/test.ts sets it), appended there too, so that the whole run can end with every line at once.
import { appendFileSync } from 'node:fs';

export function recordTiming(lines: string[]): void {
  if (lines.length === 0) return;
  process.stdout.write(`\n${lines.join('\n')}\n`);
  const file = process.env['TEST_TIMING_FILE'];
  if (file) appendFileSync(file, `${lines.join('\n')}\n`);
}
