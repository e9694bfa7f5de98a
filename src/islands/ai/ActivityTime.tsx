import { formatActivityTime } from '../../lib/format/time.ts';

/** A feed item's relative time ('just now', 'N minutes ago', …) at `now`, its moment in dateTime. */
export function ActivityTime({ originalTime, now, test }: { originalTime: number; now: number; test?: string }) {
  return (
    <time dateTime={new Date(originalTime).toISOString()} data-activity-time={originalTime} data-test={test}>
      {formatActivityTime(originalTime, now)}
    </time>
  );
}
