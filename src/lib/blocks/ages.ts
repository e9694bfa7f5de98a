import { formatRelativeTime } from '../format/time.ts';

/** Rewrites the relative text of every server-rendered age (<time data-test="age" datetime>) for the current time. */
export function refreshAges(root: ParentNode, nowMs: number = Date.now()): void {
  for (const el of root.querySelectorAll<HTMLTimeElement>('time[data-test="age"][datetime]')) {
    const ms = Date.parse(el.dateTime);
    const text = el.firstChild;
    // Only the leading text node: a UTC date may follow it in its own element.
    if (Number.isFinite(ms) && text?.nodeType === Node.TEXT_NODE) text.textContent = formatRelativeTime(Math.floor(ms / 1000), nowMs);
  }
}
