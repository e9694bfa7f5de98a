// Server-side data of the approvals views (the address page's Approvals tab and /approvals?address=).
import { safe, type IndexerClient } from '../indexer-api/client.ts';
import { pageOffset } from '../url/pagination.ts';
import type { TokenApproval } from '../model/approval.ts';

/** A page of approvals: the list, 'unavailable' when the indexer has no such list (the chain operator's), null when the call failed. */
export type ApprovalsList = TokenApproval[] | 'unavailable' | null;

/** Loads one page of an owner's approvals; never throws. */
export async function loadApprovals(client: IndexerClient, address: string, paging: { page: number; size: number }): Promise<ApprovalsList> {
  const items = await safe(client.getAddressApprovals(address, { limit: paging.size, offset: pageOffset(paging.page, paging.size) }), undefined);
  return items === undefined ? null : (items ?? 'unavailable');
}

/**
 * Whether a page of approvals may have a next one. A full page may. The indexer leaves out allowances spent to zero
 * since their last event, so a shorter page may too when rows were left out before its last one (its positions
 * skip): the next page is then offered, and says so when it is empty. (A row left out at the very end of a full page
 * cannot be seen: that page reads as the last.)
 */
export function approvalsHaveNext(list: readonly TokenApproval[], paging: { page: number; size: number }): boolean {
  if (list.length >= paging.size) return true;
  const last = list.at(-1)?.indexPosition ?? null;
  return last !== null && last + 1 - pageOffset(paging.page, paging.size) > list.length;
}
