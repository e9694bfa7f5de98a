// The render cache's key of a request (src/middleware.ts keeps and serves the pages; site-server.ts looks kept
// pages up before Astro runs): which pages are kept per head block, and what their key names.
import { isFinalBlock } from '../blocks/cache-policy.ts';
import type { HeadMark } from '../blocks/latest.ts';
import { parseThemePreference, THEME_COOKIE } from '../page/theme.ts';
import { cookieValue, type PageKey } from './render-cache.ts';

/** Lists and pages of the moment, whose content changes only when the indexer stores a block. */
const LISTS_PER_HEAD = new Set(['/', '/blocks', '/transactions', '/tokens', '/search', '/gastracker']);

/** The NFT list, a collection's page and an NFT's page (the collection's address captured). */
const NFT_PAGE = /^\/nfts(?:\/(0x[0-9a-fA-F]{40})(?:\/\d{1,78})?)?$/;
/** A token's page (its address captured). */
const TOKEN_PAGE = /^\/tokens\/(0x[0-9a-fA-F]{40})$/;
/** An address page (the address captured). */
const ADDRESS_PAGE = /^\/address\/(0x[0-9a-fA-F]{40})$/;

/**
 * How long a request waits for the head of its key. Beyond it (an indexer that hangs) the page is rendered without
 * one and not kept, and its own reads answer within the page's deadline rather than after the head's too.
 */
export const HEAD_KEY_WAIT_MS = 1_000;

/** What `answer` gives, or null when it does not come within `ms`. */
export function within<T>(answer: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/** The reads a key needs, given by the caller (the middleware passes the shared ones of src/lib/server/head.ts). */
export interface PageKeyReads {
  /** The indexer's head now: read after the request came (freshHead). */
  freshHead: () => Promise<HeadMark>;
  /** The head as renders share it (at most 2 s old): enough to tell a block inside the reorg window. */
  latestHead: () => Promise<number | null>;
  /** Makes sure the logo list is recent. */
  freshLogos: () => Promise<void>;
  /** The logo list's version. */
  logoVersion: () => string;
  /**
   * The block that last changed an address by the time of a head (src/lib/server/activity.ts), or null when that
   * cannot be told: pages about one address are then kept until a block changes it, not only per head.
   */
  activity?: (mark: HeadMark, address: string) => number | null | Promise<number | null>;
  now?: () => number;
}

/**
 * Pages that change only with the chain, kept per head block: the home page, the lists, search results, a block
 * inside the reorg window, a token's page, an address page (not its Contract tab, whose verification and calls do not
 * wait for blocks), and the NFT pages. The key's head is read afresh for every request (freshHead): a kept page is
 * never older than what the indexer had when the request came, so 'Show new blocks' and Refresh show the new block.
 */
export async function keptPerHead(url: URL, latestHead: () => Promise<number | null>): Promise<boolean> {
  if (LISTS_PER_HEAD.has(url.pathname) || NFT_PAGE.test(url.pathname)) return true;
  const block = /^\/blocks\/(\d{1,15})$/.exec(url.pathname);
  // A block inside the reorg window by the head read within 2 s (older than the true head: a block final by it is
  // final); final blocks are kept for their s-maxage, under a key without the head.
  if (block) {
    const head = await within(latestHead(), HEAD_KEY_WAIT_MS);
    return head !== null && !isFinalBlock(Number(block[1]), head);
  }
  if (TOKEN_PAGE.test(url.pathname)) return true;
  return ADDRESS_PAGE.test(url.pathname) && url.searchParams.get('tab') !== 'contract' && !url.searchParams.has('verified');
}

/**
 * The part of a key that names the head: the block, the indexer's count of rollbacks (after a reorg the head may come
 * back to a height it had, with other blocks) and its count of NFT metadata writes (metadata and images are fetched
 * after the block that minted a token, and change an NFT's page, a collection's items and an address's holdings
 * between blocks). Empty when the page cannot be kept per head: no head, or an NFT page and an indexer that does not
 * count its metadata writes (the chain operator's).
 */
export function headPart(pathname: string, head: HeadMark | null): string {
  if (head === null || head.block === null) return '';
  if (head.metadataUpdates === null && NFT_PAGE.test(pathname)) return '';
  return `@${head.block}${head.reorgs === null ? '' : `.${head.reorgs}`}${head.metadataUpdates === null ? '' : `m${head.metadataUpdates}`}`;
}

/** The address a page is about, when it shows only that address's data (its own, or its token's or collection's). */
export function pageSubject(pathname: string): string | null {
  const match = ADDRESS_PAGE.exec(pathname) ?? TOKEN_PAGE.exec(pathname) ?? NFT_PAGE.exec(pathname);
  if (!match?.[1]) return null;
  return match[1].toLowerCase();
}

/**
 * The part of a key that names what a page about one address shows: the block that last changed the address (with the
 * rollbacks and metadata writes, as headPart), so that the page outlives heads that did not touch it.
 */
export function activityPart(head: HeadMark, version: number): string {
  return `@a${version}.${head.reorgs ?? ''}${head.metadataUpdates === null ? '' : `m${head.metadataUpdates}`}`;
}

/**
 * The render cache's key of a request: its theme (the layout renders the visitor's theme_preference, so no visitor
 * gets another's), path and query, the head (headPart) for pages kept per head, and the logo list's version (token
 * logos show on many pages: a new upload is a new key, so no kept page hides it). The head is read for this request
 * (shared with the requests that came at the same time), waiting HEAD_KEY_WAIT_MS at most.
 */
export async function pageKey(url: URL, cookie: string | null | undefined, reads: PageKeyReads): Promise<PageKey> {
  const arrivedAt = (reads.now ?? Date.now)();
  const [head] = await Promise.all([
    keptPerHead(url, reads.latestHead).then((perHead) => (perHead ? within(reads.freshHead(), HEAD_KEY_WAIT_MS) : null)),
    reads.freshLogos(),
  ]);
  const theme = parseThemePreference(cookieValue(cookie, THEME_COOKIE));
  const target = `${url.pathname}${url.search}`;
  let at = headPart(url.pathname, head);
  const subject = at !== '' && head !== null && reads.activity ? pageSubject(url.pathname) : null;
  if (subject !== null && head !== null && reads.activity) {
    // At once for a head whose change list is known (every request but the first few of a block): no timer.
    const told = reads.activity(head, subject);
    const version = told instanceof Promise ? await within(told, HEAD_KEY_WAIT_MS) : told;
    if (version !== null) at = activityPart(head, version);
  }
  return { target, theme, key: `${theme} ${target}${at}#${reads.logoVersion()}`, perHead: at !== '', arrivedAt };
}
