import { formatRelativeTime, formatUtcDateTime } from '../../lib/format/index.ts';

interface Props {
  /** Unix seconds; null when unknown. */
  timestamp: number | null;
  /** Clock (epoch ms) the age is measured against: the server's render time until the island's store moves it. */
  now: number;
}

/** A relative age with its UTC date as a tooltip, the React twin of ui/TimeAgo.astro. */
export function AgeText({ timestamp, now }: Props) {
  const iso = timestamp === null ? undefined : new Date(timestamp * 1000).toISOString();
  return (
    <time dateTime={iso} title={formatUtcDateTime(timestamp)} data-test="age" className="text-slate-600">
      {formatRelativeTime(timestamp, now)}
    </time>
  );
}
