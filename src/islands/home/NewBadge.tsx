import { newBadgeText } from '../../lib/stores/home-feed.ts';

interface Props {
  count: number;
  test: string;
}

/** The '+N new' badge of a feed; nothing when no item arrived. */
export function NewBadge({ count, test }: Props) {
  const text = newBadgeText(count);
  if (text === null) return null;
  return (
    <span data-test={test} className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800" aria-live="polite">
      {text}
    </span>
  );
}
