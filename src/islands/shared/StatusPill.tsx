import { statusBadge } from '../../lib/model/status.ts';

const TONES = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-600/20',
} as const;

/** Success / Failed / Pending badge of a transaction card, the React twin of ui/StatusBadge.astro. */
export function StatusPill({ status }: { status: boolean | null }) {
  const badge = statusBadge(status);
  return (
    <span data-test="status" className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[badge.tone]}`}>
      {badge.label}
    </span>
  );
}
