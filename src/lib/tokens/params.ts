// What the token page's URL says: the tab (?tab=, links that work without JavaScript).
import { oneOf } from '../url/params.ts';

/** Tabs in display order; the first is the default. */
export const TOKEN_TABS = ['overview', 'transfers', 'holders'] as const;

/** One tab of the token page. */
export type TokenTab = (typeof TOKEN_TABS)[number];

/** Tab labels as shown. */
export const TOKEN_TAB_LABELS: Readonly<Record<TokenTab, string>> = { overview: 'Overview', transfers: 'Transfers', holders: 'Holders' };

/** The tab named by `?tab=`; garbage or nothing gives Overview. */
export function parseTokenTab(value: string | null | undefined): TokenTab {
  return oneOf(TOKEN_TABS, value, 'overview');
}
