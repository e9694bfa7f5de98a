import { STAT_PULSE_MS } from '../../lib/ai/activity.ts';
import { useFlash } from './use-flash.ts';

const PULSE = 'motion-safe:animate-pulse text-indigo-700';

/** One stat card of the AI dashboard; its figure pulses for 1 s when it changed between refreshes (data-pulse="on"). */
export function StatCard({ label, value, test }: { label: string; value: string; test: string }) {
  const pulsing = useFlash(value, STAT_PULSE_MS);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold ${pulsing ? PULSE : 'text-slate-900'}`} data-test={test} data-pulse={pulsing ? 'on' : undefined}>
        {value}
      </dd>
    </div>
  );
}
