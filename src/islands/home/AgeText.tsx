import { formatRelativeTime, formatUtcDateTime } from '../../lib/format.ts';

interface Props {
  /** Unix seconds. */
  timestamp: number | null;
  /** Clock (epoch ms) the age is measured against. */
  now: number;
}

/** Relative age of a timestamp with its UTC date as a tooltip, the React twin of ui/TimeAgo.astro. */
export function AgeText({ timestamp, now }: Props) {
  const iso = timestamp === null ? undefined : new Date(timestamp * 1000).toISOString();
  return (
    <time dateTime={iso} title={formatUtcDateTime(timestamp)} data-test="age" className="text-slate-600">
      {formatRelativeTime(timestamp, now)}
    </time>
  );
}
