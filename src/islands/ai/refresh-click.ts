import type { MouseEvent } from 'react';
import { refreshAiDashboard } from '../../lib/ai/store.ts';

/**
 * Refresh Data and Retry: the store refreshes in place. They are links to the page (it works without JavaScript, and a
 * click with a modifier key or another button still opens the page as a link does).
 */
export function refreshInPlace(event: MouseEvent<HTMLElement>): void {
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
  event.preventDefault();
  void refreshAiDashboard();
}
